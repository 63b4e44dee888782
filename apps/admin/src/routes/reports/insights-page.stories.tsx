import { storyInsights } from '@cadence/app-shell/test/story-fixtures';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { HttpResponse, http } from 'msw';
import { expect, within } from 'storybook/test';
import { withRoutes } from '../../test/admin-story-fixtures';
import { AdminInsightsPage } from './insights-page';

const insights = http.get('*/api/v1/insights/:subject/:id', ({ params }) =>
  HttpResponse.json(storyInsights(params.subject as 'tracks', Number(params.id))),
);

/** /admin/{tracks,albums,artists}/{id}/insights: the artist's insights view, for any item. */
const meta = {
  title: 'Reports/AdminInsightsPage',
  component: AdminInsightsPage,
  decorators: [withRoutes],
  args: { subject: 'tracks' },
  parameters: { path: '/tracks/:id/insights', route: '/tracks/1/insights', msw: [insights] },
} satisfies Meta<typeof AdminInsightsPage>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Track: Story = {
  play: async ({ canvasElement }) => {
    expect((await within(canvasElement).findAllByText('Night Drive')).length).toBeGreaterThan(0);
  },
};

export const Album: Story = {
  args: { subject: 'albums' },
  parameters: { path: '/albums/:id/insights', route: '/albums/7/insights' },
  play: async ({ canvasElement }) => {
    expect((await within(canvasElement).findAllByText('Night Drive')).length).toBeGreaterThan(0);
  },
};
