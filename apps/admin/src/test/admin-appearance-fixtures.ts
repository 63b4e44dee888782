import { darkTheme, lightTheme } from '@cadence/app-shell/test/fixtures';
import { fixture } from '@cadence/app-shell/test/story-helpers';
import { ZAppearancePayloadSchema, ZAppearanceResponseSchema } from '@cadence/contracts/appearance';
import { HttpResponse, http } from 'msw';

const item = (id: string, label: string, action: string, icon: string | null, order: number) => ({
  id,
  label,
  type: 'route' as const,
  action,
  icon,
  target: null,
  roles: [],
  permissions: [],
  settings: {},
  subscriptionStatus: null,
  order,
});

/** `GET api/v1/appearance`: what the appearance editor edits (branding, themes, menus, landing, SEO). */
export const storyAppearance = () =>
  fixture(ZAppearanceResponseSchema, {
    site_name: 'Cadence',
    settings: {
      branding: {
        site_description: 'Stream music from independent artists.',
        logo_light: 'images/logo-light.svg',
        logo_dark: 'images/logo-dark.svg',
        logo_light_mobile: '',
        logo_dark_mobile: '',
        favicon: '',
      },
      custom_code: { css: '.hero { letter-spacing: 0.01em; }', html: '' },
      themes: { default_id: 0, user_change: true },
      landing: {
        header_title: 'Connect on {site}',
        header_subtitle: 'Discover, stream, and share a constantly expanding mix of music.',
        header_image: '',
        header_image_opacity: 0.2,
        header_overlay_color_1: '',
        header_overlay_color_2: '',
        footer_title: 'Make music?',
        footer_subtitle: '',
        footer_image: '',
        pricing_title: 'Simple pricing',
        pricing_subtitle: '',
        show_trending_artists: true,
        show_pricing: false,
        actions: {
          input_text: 'Search for artists, albums and tracks...',
          input_button: 'Search',
          cta1: { label: 'Signup Now', type: 'route', action: '/register' },
          cta2: { label: 'Explore', type: 'route', action: '/discover' },
          cta3: { label: 'Sign up', type: 'route', action: '/register' },
        },
        primary_features: [
          { title: 'Listen anywhere', subtitle: 'On the web and your phone.', image: '' },
          { title: 'Your library', subtitle: 'Everything you like, in one place.', image: '' },
        ],
        secondary_features: [
          { title: 'Upload', subtitle: 'Share your own music.', image: '', description: '' },
        ],
      },
      menus: [
        {
          id: 'primary',
          name: 'Primary',
          positions: ['sidebar-primary'],
          items: [
            item('home', 'Discover', '/discover', 'compass', 0),
            item('radio', 'Radio', '/radio', 'radio', 1),
          ],
        },
        {
          id: 'footer',
          name: 'Footer',
          positions: ['footer'],
          items: [item('about', 'About us', '/pages/about-us', null, 0)],
        },
      ],
      seo: {
        artist_page: null,
        album_page: null,
        track_page: null,
        playlist_page: null,
        landing_page: null,
        channel_page: null,
        user_profile_page: null,
        search_page: null,
      },
    },
    themes: [darkTheme, lightTheme],
  });

export const appearanceHandler = () =>
  http.get('*/api/v1/appearance', () => HttpResponse.json(storyAppearance()));

/** `POST api/v1/appearance`: the payload must parse with the contract; the saved appearance comes back. */
export const appearanceSaveHandler = () =>
  http.post('*/api/v1/appearance', async ({ request }) => {
    ZAppearancePayloadSchema.parse(await request.json());
    return HttpResponse.json(storyAppearance());
  });

/**
 * The parameters of a story of an appearance section: the section in the outlet of the editor
 * (`parent`, the AppearanceLayout, whose draft it reads) at `childPath` under `/appearance`.
 */
export function appearanceParameters(
  parent: unknown,
  childPath: string | undefined,
  route: string,
  msw: unknown[] = [],
) {
  return {
    path: '/appearance',
    parent,
    ...(childPath ? { childPath } : {}),
    route,
    msw: [appearanceHandler(), appearanceSaveHandler(), ...msw],
  };
}
