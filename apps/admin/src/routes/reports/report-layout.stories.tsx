import { withRouter } from '@cadence/app-shell/test/story-helpers';
import { type TPlaysReport, ZPlaysReportSchema } from '@cadence/contracts/insights';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { storyPlaysReport } from '../../test/admin-report-fixtures';
import { failingHandler, findSpinner, jsonHandler, pendingHandler } from '../../test/admin-story-fixtures';
import { ReportLayout, useReport } from './report-layout';

function Report() {
  const report = useReport<TPlaysReport>('admin/reports/plays');
  return (
    <ReportLayout<TPlaysReport>
      title="Plays report"
      testId="report"
      report={report}
      csv={(data) => ({ fileName: 'plays.csv', rows: [['Plays', data.totals.plays]] })}
    >
      {(data) => <p>{data.totals.plays} plays</p>}
    </ReportLayout>
  );
}

/** A report's frame: heading, period picker (in the address), CSV download, loading and error states. */
const meta = {
  title: 'Reports/ReportLayout',
  component: Report,
  decorators: [withRouter],
  parameters: { msw: [jsonHandler('admin/reports/plays', ZPlaysReportSchema, storyPlaysReport)] },
} satisfies Meta<typeof Report>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    expect(await canvas.findByText('43210 plays')).toBeTruthy();
    expect(canvas.getByRole('button', { name: 'Download CSV' }).hasAttribute('disabled')).toBe(false);
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
    const canvas = within(canvasElement);
    expect((await canvas.findByRole('alert')).textContent).toContain('Could not load the figures.');
    expect(canvas.getByRole('button', { name: 'Try again' })).toBeTruthy();
  },
};
