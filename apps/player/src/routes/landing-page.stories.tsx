import { storyArtist } from '@cadence/app-shell/test/story-fixtures';
import { fixture, signedOut, withRouter, withSettings } from '@cadence/app-shell/test/story-helpers';
import { ZLandingSchema } from '@cadence/contracts/appearance';
import { ZArtistSchema } from '@cadence/contracts/artist';
import { paginationSchema } from '@cadence/contracts/pagination';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { HttpResponse, http } from 'msw';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { LandingPage } from './landing-page';

/** `landing.*` as the appearance editor stores it, parsed with the contract. */
const landing = fixture(ZLandingSchema, {
  header_title: 'Music for every moment on {site}',
  header_subtitle:
    'Stream millions of songs, follow your favourite artists and build playlists with friends.',
  header_image: '',
  header_image_opacity: 1,
  header_overlay_color_1: '',
  header_overlay_color_2: '',
  footer_title: 'Start listening today',
  footer_subtitle: 'Free with ads, or ad-free with Premium.',
  footer_image: '',
  pricing_title: 'Simple pricing',
  pricing_subtitle: 'Cancel at any time.',
  show_trending_artists: true,
  show_pricing: false,
  actions: {
    input_text: 'Search for artists, albums and tracks...',
    input_button: 'Search',
    cta1: { label: 'Get started', type: 'route', action: '/register' },
    cta2: { label: 'Explore', type: 'route', action: '/discover' },
    cta3: { label: 'Read the docs', type: 'link', action: 'https://example.com/docs' },
  },
  primary_features: [
    { title: 'Stream anywhere', subtitle: 'On the web, on your phone, on your TV.', image: '' },
    { title: 'Upload your music', subtitle: 'Artists publish albums and tracks in minutes.', image: '' },
  ],
  secondary_features: [
    {
      title: 'Made for listening',
      subtitle: 'PLAYLISTS',
      description: 'Build playlists with friends, follow artists and get notified of new releases.',
      image: '',
    },
  ],
});

const trending = http.get('*/api/v1/artists', () =>
  HttpResponse.json(
    fixture(paginationSchema(ZArtistSchema), {
      pagination: {
        data: Array.from({ length: 6 }, (_, i) => storyArtist(i + 1)),
        current_page: 1,
        per_page: 6,
        total: 6,
        last_page: 1,
      },
    }),
  ),
);

/** `/landing` (and `/` for guests when it is on): header with search, features, trending artists, footer. */
const meta = {
  title: 'Pages/LandingPage',
  component: LandingPage,
  decorators: [withRouter],
  beforeEach: [signedOut, withSettings({ landing })],
  parameters: { route: '/landing', routePath: '/landing', msw: [trending] },
} satisfies Meta<typeof LandingPage>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Guest: Story = {
  play: async ({ canvasElement }) => {
    expect(await within(canvasElement).findByText('Artist 1')).toBeTruthy();
  },
};

/** The header's search leads to the results page. */
export const Search: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.type(canvas.getByRole('textbox', { name: 'Search' }), 'night drive{Enter}');
    await waitFor(() =>
      expect(canvas.getByTestId('story-location').textContent).toBe('/search/night%20drive'),
    );
  },
};

export const Mobile: Story = { globals: { viewport: { value: 'mobile' } } };
