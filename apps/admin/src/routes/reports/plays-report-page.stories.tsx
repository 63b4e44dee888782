import { withRouter } from '@cadence/app-shell/test/story-helpers';
import { ZPlaysReportSchema } from '@cadence/contracts/insights';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { storyPlaysReport } from '../../test/admin-report-fixtures';
import { failingHandler, findSpinner, jsonHandler, pendingHandler } from '../../test/admin-story-fixtures';
import { PlaysReportPage } from './plays-report-page';

/**
 * /admin/plays (`GET api/v1/admin/reports/plays`): totals against the period before, plays over
 * time, the top tracks/albums/artists/genres and the breakdowns; the period picker and CSV (ReportLayout).
 */
const meta = {
  title: 'Reports/PlaysReportPage',
  component: PlaysReportPage,
  decorators: [withRouter],
  parameters: {
    route: '/plays',
    msw: [jsonHandler('admin/reports/plays', ZPlaysReportSchema, storyPlaysReport)],
  },
} satisfies Meta<typeof PlaysReportPage>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    expect(await canvas.findByRole('list', { name: 'Totals' })).toBeTruthy();
    expect(canvas.getAllByText('The Midnight Hours').length).toBeGreaterThan(0);
    expect(canvas.getByRole('button', { name: 'Download CSV' })).toBeTruthy();
  },
};

export const Loading: Story = {
  parameters: { msw: [pendingHandler('admin/reports/plays')] },
  play: async ({ canvasElement }) => {
    await findSpinner(canvasElement);
  },
};

export const LoadError: Story = {
  parameters: { msw: [failingHandler('admin/reports/plays')] },
  play: async ({ canvasElement }) => {
    const alert = await within(canvasElement).findByRole('alert');
    expect(alert.textContent).toContain('Could not load the figures.');
  },
};
