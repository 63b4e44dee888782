import type { Meta, StoryObj } from '@storybook/react-vite';
import { delay, HttpResponse, http } from 'msw';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { withRouter } from '../test/story-helpers';
import { setUnreadCount } from './notification-queries';
import { NOTIFICATIONS, notificationsApi } from './notification-story-fixtures';
import { NotificationsPage } from './notifications-page';

/** Spec 2.7 `/notifications`: the latest notifications, "Mark all as read" while some are unread. */
const meta = {
  title: 'Notifications/NotificationsPage',
  component: NotificationsPage,
  decorators: [withRouter],
  parameters: { route: '/notifications', msw: notificationsApi(NOTIFICATIONS) },
  beforeEach: () => {
    setUnreadCount(2);
    return () => setUnreadCount(0);
  },
} satisfies Meta<typeof NotificationsPage>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Unread and read ones, a long name, an invite's buttons; marking all as read. */
export const Default: Story = {
  // Fresh handlers: "mark all as read" changes what this story's list answers.
  parameters: { msw: notificationsApi(NOTIFICATIONS) },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const list = await canvas.findByTestId('notification-list');
    expect(within(list).getAllByRole('listitem')).toHaveLength(NOTIFICATIONS.length);
    expect(within(list).getByRole('button', { name: 'Join' })).toBeTruthy();
    await userEvent.click(canvas.getByRole('button', { name: 'Mark all as read' }));
    await waitFor(() => expect(canvas.queryByRole('button', { name: 'Mark all as read' })).toBeNull());
  },
};

export const Empty: Story = {
  parameters: { msw: notificationsApi([]) },
  beforeEach: () => setUnreadCount(0),
  play: async ({ canvasElement }) => {
    await within(canvasElement).findByText('Hang tight! Notifications will start showing up here soon.');
  },
};

/** The list has not arrived: the frame only. */
export const Loading: Story = {
  parameters: { msw: [http.get('*/api/v1/notifications', () => delay('infinite'))] },
};

export const LoadError: Story = {
  parameters: {
    msw: [
      http.get('*/api/v1/notifications', () =>
        HttpResponse.json({ message: 'Server Error' }, { status: 500 }),
      ),
    ],
  },
  play: async ({ canvasElement }) => {
    await within(canvasElement).findByText('There was an issue. Please try again.');
  },
};

export const Mobile: Story = { globals: { viewport: { value: 'mobile' } } };
export const Light: Story = { globals: { theme: 'light' } };
