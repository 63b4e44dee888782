import { withRouter } from '@cadence/app-shell/test/story-helpers';
import { ZErrorLogEntrySchema, ZMailLogEntrySchema } from '@cadence/contracts/error-log';
import { ZScheduleOverviewSchema } from '@cadence/contracts/schedule';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, within } from 'storybook/test';
import { storyErrorEntry, storyMailEntry, storySchedule } from '../test/admin-logs-fixtures';
import { failingHandler, jsonHandler, listHandler, pendingHandler } from '../test/admin-story-fixtures';
import { LogsPage } from './logs-page';

const schedule = jsonHandler('logs/schedule', ZScheduleOverviewSchema, storySchedule);
const errors = listHandler('logs/error', ZErrorLogEntrySchema, () =>
  Array.from({ length: 20 }, (_, index) => storyErrorEntry(index + 1)),
);
const mails = listHandler('logs/outgoing-email', ZMailLogEntrySchema, () =>
  Array.from({ length: 20 }, (_, index) => storyMailEntry(index + 1)),
);
const all = [schedule, errors, mails];

/** /admin/logs: the schedule (`logs/schedule`), server errors (`logs/error`) and outgoing email tabs. */
const meta = {
  title: 'LogsPage',
  component: LogsPage,
  decorators: [withRouter],
  parameters: { route: '/logs', routePath: '/logs/:tab?', msw: all },
} satisfies Meta<typeof LogsPage>;

export default meta;
type Story = StoryObj<typeof meta>;

/** The schedule: each task, its last run and outcome. */
export const Schedule: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    expect(await canvas.findByRole('table', { name: 'Scheduled tasks' })).toBeTruthy();
    expect(canvas.getByText('connect ECONNREFUSED 127.0.0.1:6379')).toBeTruthy();
  },
};

export const ScheduleEmpty: Story = {
  parameters: { msw: [jsonHandler('logs/schedule', ZScheduleOverviewSchema, () => ({ tasks: [] }))] },
  play: async ({ canvasElement }) => {
    expect(await within(canvasElement).findByText('Nothing to show yet.')).toBeTruthy();
  },
};

export const ScheduleLoading: Story = {
  parameters: { msw: [pendingHandler('logs/schedule')] },
  play: async ({ canvasElement }) => {
    await within(canvasElement).findByTestId('table-loading');
  },
};

/** The Error tab (`/admin/logs/error`), reached from the tab bar. */
export const ErrorLog: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('link', { name: 'Error' }));
    expect(await canvas.findByRole('table', { name: 'Server errors' })).toBeTruthy();
    expect(canvas.getAllByText('req-2-7f3a').length).toBeGreaterThan(0);
  },
};

export const ErrorLogEmpty: Story = {
  parameters: {
    route: '/logs/error',
    msw: [schedule, listHandler('logs/error', ZErrorLogEntrySchema, () => [])],
  },
  play: async ({ canvasElement }) => {
    expect(await within(canvasElement).findByText('Nothing to show yet.')).toBeTruthy();
  },
};

export const ErrorLogLoadError: Story = {
  parameters: { route: '/logs/error', msw: [schedule, failingHandler('logs/error')] },
  play: async ({ canvasElement }) => {
    expect((await within(canvasElement).findByRole('alert')).textContent).toContain(
      'Could not load this list.',
    );
  },
};

export const OutgoingEmail: Story = {
  parameters: { route: '/logs/outgoing-email' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    expect(await canvas.findByRole('table', { name: 'Outgoing email' })).toBeTruthy();
    expect(canvas.getByText('listener5@example.com')).toBeTruthy();
  },
};

export const OutgoingEmailLoading: Story = {
  parameters: { route: '/logs/outgoing-email', msw: [schedule, pendingHandler('logs/outgoing-email')] },
  play: async ({ canvasElement }) => {
    await within(canvasElement).findByTestId('table-loading');
  },
};
