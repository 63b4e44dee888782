import { storyArtist } from '@cadence/app-shell/test/story-fixtures';
import { fixture, withRouter } from '@cadence/app-shell/test/story-helpers';
import { ZLandingSchema } from '@cadence/contracts/appearance';
import { ZArtistSchema } from '@cadence/contracts/artist';
import { paginationSchema } from '@cadence/contracts/pagination';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { delay, HttpResponse, http } from 'msw';
import { expect, within } from 'storybook/test';
import { LandingAction } from './landing-action';
import { PrimaryFeatures, SecondaryFeatures } from './landing-features';
import { TrendingArtists } from './trending-artists';

// The landing section's lists as the appearance editor stores them (parsed with the contract).
const primary = ZLandingSchema.shape.primary_features.parse([
  { title: 'Stream anywhere', subtitle: 'On the web, on your phone, on your TV.', image: '' },
  { title: 'Upload your music', subtitle: 'Artists publish albums and tracks in minutes.', image: '' },
  {
    title: 'Lyrics in time with every song, including a very long feature title that wraps',
    subtitle: 'Synced lyrics follow the music line by line.',
    image: '',
  },
]);
const secondary = ZLandingSchema.shape.secondary_features.parse([
  {
    title: 'Made for listening',
    subtitle: 'PLAYLISTS',
    description: 'Build playlists with friends, follow artists and get notified of new releases.',
    image: '',
  },
  {
    title: 'Your library, everywhere',
    subtitle: 'LIBRARY',
    description: 'Likes, playlists and history follow you from one device to the next.',
    image: '',
  },
]);
const actions = ZLandingSchema.shape.actions.parse({
  input_text: 'Search for artists, albums and tracks...',
  input_button: 'Search',
  cta1: { label: 'Get started', type: 'route', action: '/register' },
  cta2: { label: 'Explore', type: 'route', action: '/discover' },
  cta3: { label: 'Read the docs', type: 'link', action: 'https://example.com/docs' },
});

const ZArtistsPageSchema = paginationSchema(ZArtistSchema);

/** `GET api/v1/artists?orderBy=plays`: the most played artists, contract-parsed. */
const trending = (count: number) =>
  http.get('*/api/v1/artists', () =>
    HttpResponse.json(
      fixture(ZArtistsPageSchema, {
        pagination: {
          data: Array.from({ length: count }, (_, index) =>
            storyArtist(index + 1, index === 1 ? { name: 'Maximiliane Theodora von Hohenzollern' } : {}),
          ),
          current_page: 1,
          per_page: 6,
          total: count,
          last_page: 1,
        },
      }),
    ),
  );

/** The landing page's sections (`/` for guests when the landing page is on, design 4). */
const meta = {
  title: 'LandingSections',
  component: PrimaryFeatures,
  decorators: [withRouter],
  args: { features: primary },
  parameters: { msw: [trending(6)] },
} satisfies Meta<typeof PrimaryFeatures>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Three features under the header, one column on phones. */
export const Features: Story = {
  play: async ({ canvasElement }) => {
    expect(within(canvasElement).getAllByRole('heading', { level: 3 })).toHaveLength(primary.length);
  },
};

export const FeaturesMobile: Story = { globals: { viewport: { value: 'mobile' } } };

/** Image and text side by side, alternating sides. */
export const Secondary: Story = { render: () => <SecondaryFeatures features={secondary} /> };

/** `landing.show_trending_artists`: the six most played artists. */
export const Trending: Story = {
  render: () => <TrendingArtists />,
  play: async ({ canvasElement }) => {
    const section = await within(canvasElement).findByRole('region', { name: 'Trending artists' });
    expect(within(section).getAllByRole('link')).toHaveLength(6);
  },
};

/** While the artists load (and when there are none) the section is left out. */
export const TrendingLoading: Story = {
  render: () => <TrendingArtists />,
  parameters: { msw: [http.get('*/api/v1/artists', () => delay('infinite'))] },
  play: async ({ canvasElement }) => {
    expect(within(canvasElement).queryByRole('region', { name: 'Trending artists' })).toBeNull();
  },
};

/** The header's calls to action over its dark overlay: a route and an outside link. */
export const Actions: Story = {
  render: () => (
    <div className="flex flex-wrap gap-4 bg-neutral-900 p-8">
      <LandingAction action={actions.cta1} isPrimary />
      <LandingAction action={actions.cta2} />
      <LandingAction action={actions.cta3} />
    </div>
  ),
  play: async ({ canvasElement }) => {
    const link = within(canvasElement).getByRole('link', { name: 'Read the docs' });
    expect(link.getAttribute('target')).toBe('_blank');
  },
};
