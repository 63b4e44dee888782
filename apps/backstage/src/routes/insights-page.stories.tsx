import { storyInsights } from '@cadence/app-shell/test/story-fixtures';
import { withRouter } from '@cadence/app-shell/test/story-helpers';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { delay, HttpResponse, http } from 'msw';
import { expect, within } from 'storybook/test';
import { InsightsPage } from './insights-page';

const insights = http.get('*/api/v1/insights/:subject/:id', ({ params }) =>
  HttpResponse.json(storyInsights(params.subject as 'tracks' | 'albums' | 'artists', Number(params.id))),
);

/** `/backstage/{tracks,albums,artists}/{id}/insights`: the artist's own report of one item. */
const meta = {
  title: 'Backstage/InsightsPage',
  component: InsightsPage,
  decorators: [withRouter],
  args: { subject: 'tracks' },
  parameters: { route: '/tracks/1/insights', routePath: '/:kind/:trackId/insights', msw: [insights] },
} satisfies Meta<typeof InsightsPage>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Track: Story = {
  play: async ({ canvasElement }) => {
    expect(await within(canvasElement).findByText('4,321')).toBeTruthy();
  },
};

export const Album: Story = {
  args: { subject: 'albums' },
  parameters: { route: '/albums/201/insights', routePath: '/:kind/:albumId/insights' },
};

export const Artist: Story = {
  args: { subject: 'artists' },
  parameters: { route: '/artists/101/insights', routePath: '/:kind/:artistId/insights' },
};

export const Loading: Story = {
  parameters: { msw: [http.get('*/api/v1/insights/:subject/:id', () => delay('infinite'))] },
};

/** Not the artist's: the api answers 404. */
export const NotYours: Story = {
  parameters: {
    msw: [
      http.get('*/api/v1/insights/:subject/:id', () =>
        HttpResponse.json({ message: 'Not found' }, { status: 404 }),
      ),
    ],
  },
};
