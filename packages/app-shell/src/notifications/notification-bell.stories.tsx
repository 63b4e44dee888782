import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { withRouter } from '../test/story-helpers';
import { NotificationBell } from './notification-bell';
import { setUnreadCount } from './notification-queries';
import { NOTIFICATIONS, notificationsApi } from './notification-story-fixtures';

/** The signed-in user's unread count (the badge reads it from the bootstrap data). */
function unread(count: number) {
  return () => {
    setUnreadCount(count);
    return () => setUnreadCount(0);
  };
}

/** Spec 2.5: the navbar bell with the unread badge; its popover lists the latest notifications. */
const meta = {
  title: 'Notifications/NotificationBell',
  component: NotificationBell,
  decorators: [withRouter, (Story) => <div className="flex justify-end">{<Story />}</div>],
  parameters: { msw: notificationsApi(NOTIFICATIONS) },
  beforeEach: [unread(2)],
} satisfies Meta<typeof NotificationBell>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Unread: Story = {};

export const NoneUnread: Story = { beforeEach: [unread(0)] };

/** More than 99 shows "99+". */
export const ManyUnread: Story = {
  beforeEach: [unread(250)],
  play: async ({ canvasElement }) => {
    const badge = await within(canvasElement).findByTestId('notification-badge');
    expect(badge.textContent).toContain('99+');
  },
};

/** The popover opens from the bell, lists the notifications and marks them all as read. */
export const OpenPopover: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: /Notifications/ }));
    const popover = await within(document.body).findByRole('dialog', { name: 'Notifications' });
    const list = await within(popover).findByTestId('notification-list');
    expect(within(list).getAllByRole('listitem')).toHaveLength(3);
    expect(within(popover).getByRole('link', { name: 'View all' })).toBeTruthy();
    await userEvent.click(within(popover).getByRole('button', { name: 'Mark all as read' }));
    await waitFor(() => expect(canvas.queryByTestId('notification-badge')).toBeNull());
  },
};

/** Nothing yet: the popover says so. */
export const EmptyPopover: Story = {
  parameters: { msw: notificationsApi([]) },
  beforeEach: [unread(0)],
  play: async ({ canvasElement }) => {
    await userEvent.click(within(canvasElement).getByRole('button', { name: /Notifications/ }));
    await within(document.body).findByText('Hang tight! Notifications will start showing up here soon.');
  },
};
