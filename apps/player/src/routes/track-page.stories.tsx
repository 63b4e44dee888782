import { LONG_NAME, storyRadio, storyTrack, storyWave } from '@cadence/app-shell/test/story-fixtures';
import { withRouter } from '@cadence/app-shell/test/story-helpers';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { delay, HttpResponse, http } from 'msw';
import { expect, within } from 'storybook/test';
import { TrackPage } from './track-page';

/** The track (contract-parsed), its waveform and the tracks like it. */
const api = (overrides: Record<string, unknown> = {}) => [
  http.get('*/api/v1/tracks/:id/wave', () => HttpResponse.json(storyWave())),
  http.get('*/api/v1/radio/:type/:id', () => HttpResponse.json(storyRadio('track', 12, 'Nightfall'))),
  http.get('*/api/v1/tracks/:id', () =>
    HttpResponse.json({
      track: storyTrack(12, {
        name: 'Nightfall',
        description: 'Recorded live on a rainy night.',
        genres: [{ id: 1, name: 'synthpop', display_name: 'Synthpop' }],
        tags: [{ id: 2, name: 'night drive', display_name: null }],
        ...overrides,
      }),
    }),
  ),
];

/** `/track/{id}/{slug}`: the header, waveform, description, tags and related tracks. */
const meta = {
  title: 'Pages/TrackPage',
  component: TrackPage,
  decorators: [withRouter],
  parameters: { route: '/track/12/nightfall', routePath: '/track/:trackId/:trackSlug', msw: api() },
} satisfies Meta<typeof TrackPage>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ canvasElement }) => {
    expect(await within(canvasElement).findByRole('heading', { level: 1, name: 'Nightfall' })).toBeTruthy();
  },
};

export const LongName: Story = { parameters: { msw: api({ name: LONG_NAME, description: null, tags: [] }) } };

export const Loading: Story = {
  parameters: { msw: [http.get('*/api/v1/tracks/:id', () => delay('infinite'))] },
};

export const LoadError: Story = {
  parameters: {
    msw: [
      http.get('*/api/v1/tracks/:id', () => HttpResponse.json({ message: 'Server error' }, { status: 500 })),
    ],
  },
};
