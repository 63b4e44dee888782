import { storyInsights } from '@cadence/app-shell/test/story-fixtures';
import { withRouter } from '@cadence/app-shell/test/story-helpers';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { delay, HttpResponse, http } from 'msw';
import { expect, within } from 'storybook/test';
import { InsightsView } from './insights-view';

/** `GET api/v1/insights/tracks/1`: the contract-parsed report, built per request. */
const insights = http.get('*/api/v1/insights/:subject/:id', ({ params }) =>
  HttpResponse.json(storyInsights(params.subject as 'tracks' | 'albums' | 'artists', Number(params.id))),
);

/**
 * Insights of a track, album or artist (backstage `/backstage/tracks/1/insights` and the admin):
 * period picker, totals against the period before, plays over time, top tracks, breakdowns, CSV.
 */
const meta = {
  title: 'InsightsView',
  component: InsightsView,
  decorators: [withRouter],
  args: { subject: 'tracks', id: 1, trackHref: (track) => `/tracks/${track.id}/insights` },
  parameters: { msw: [insights] },
} satisfies Meta<typeof InsightsView>;

export default meta;
type Story = StoryObj<typeof meta>;

export const TrackInsights: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    expect(await canvas.findByRole('heading', { name: 'Track insights' })).toBeTruthy();
    expect(await canvas.findByText('4,321')).toBeTruthy();
  },
};

export const ArtistInsights: Story = { args: { subject: 'artists', id: 101 } };

export const Loading: Story = {
  parameters: { msw: [http.get('*/api/v1/insights/:subject/:id', () => delay('infinite'))] },
};

/** Not the artist's own track: the api answers 404 and the page says so. */
export const NotFound: Story = {
  parameters: {
    msw: [http.get('*/api/v1/insights/:subject/:id', () => HttpResponse.json({}, { status: 404 }))],
  },
};
