import { withRouter } from '@cadence/app-shell/test/story-helpers';
import { ZVisitorsReportSchema } from '@cadence/contracts/insights';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { storyVisitorsReport } from '../../test/admin-report-fixtures';
import { failingHandler, findSpinner, jsonHandler, pendingHandler } from '../../test/admin-story-fixtures';
import { VisitorsReportPage } from './visitors-report-page';

/**
 * /admin/visitors (`GET api/v1/admin/reports/visitors`): totals against the period before, plays over
 * time, the top tracks/albums/artists/genres and the breakdowns; the period picker and CSV (ReportLayout).
 */
const meta = {
  title: 'Reports/VisitorsReportPage',
  component: VisitorsReportPage,
  decorators: [withRouter],
  parameters: {
    route: '/visitors',
    msw: [jsonHandler('admin/reports/visitors', ZVisitorsReportSchema, storyVisitorsReport)],
  },
} satisfies Meta<typeof VisitorsReportPage>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    expect(await canvas.findByRole('list', { name: 'Totals' })).toBeTruthy();
    expect(canvas.getAllByText('search.example').length).toBeGreaterThan(0);
    expect(canvas.getByRole('button', { name: 'Download CSV' })).toBeTruthy();
  },
};

export const Loading: Story = {
  parameters: { msw: [pendingHandler('admin/reports/visitors')] },
  play: async ({ canvasElement }) => {
    await findSpinner(canvasElement);
  },
};

export const LoadError: Story = {
  parameters: { msw: [failingHandler('admin/reports/visitors')] },
  play: async ({ canvasElement }) => {
    const alert = await within(canvasElement).findByRole('alert');
    expect(alert.textContent).toContain('Could not load the figures.');
  },
};
