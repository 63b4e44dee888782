import { withRouter } from '@cadence/app-shell/test/story-helpers';
import { ZAdminOverviewSchema } from '@cadence/contracts/admin-overview';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { storyOverview } from '../test/admin-report-fixtures';
import { failingHandler, findSpinner, jsonHandler, pendingHandler } from '../test/admin-story-fixtures';
import { DashboardPage } from './dashboard-page';

/** /admin (`GET api/v1/admin/overview`): the site at a glance against the period before; links to the reports. */
const meta = {
  title: 'DashboardPage',
  component: DashboardPage,
  decorators: [withRouter],
  parameters: { msw: [jsonHandler('admin/overview', ZAdminOverviewSchema, storyOverview)] },
} satisfies Meta<typeof DashboardPage>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    expect(await canvas.findByRole('list', { name: 'Site at a glance' })).toBeTruthy();
    expect(canvas.getByText('New this period')).toBeTruthy();
    const waiting = canvas.getByTestId('dashboard-pending-requests');
    expect(
      within(waiting).getByRole('link', { name: 'Become artist: Aurora Lane' }).getAttribute('href'),
    ).toBe('/backstage-requests/7');
    expect(canvas.getByTestId('dashboard-plays')).toBeTruthy();
  },
};

export const Loading: Story = {
  parameters: { msw: [pendingHandler('admin/overview')] },
  play: async ({ canvasElement }) => {
    await findSpinner(canvasElement);
  },
};

export const LoadError: Story = {
  parameters: { msw: [failingHandler('admin/overview')] },
  play: async ({ canvasElement }) => {
    expect(await within(canvasElement).findByText('Could not load the figures.')).toBeTruthy();
  },
};
