import { ZNotificationSchema, ZUnreadCountSchema } from '@cadence/contracts/notification';
import { paginationSchema } from '@cadence/contracts/pagination';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { HttpResponse, http } from 'msw';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import type { z } from 'zod';
import { fixture, withRouter } from '../test/story-helpers';
import { NotificationBell } from './notification-bell';
import { setUnreadCount } from './notification-queries';

const ZNotificationsPageSchema = paginationSchema(ZNotificationSchema);
type TNotificationInput = z.input<typeof ZNotificationSchema>;

const minutesAgo = (minutes: number) => new Date(Date.now() - minutes * 60_000).toISOString();

const NOTIFICATIONS: TNotificationInput[] = [
  {
    id: '6f1c1f2e-8a4b-4c59-9d0e-1a2b3c4d5e01',
    type: 'new_release',
    read_at: null,
    created_at: minutesAgo(3),
    data: {
      image: null,
      mainAction: { action: '/album/7/night-drive', label: 'Open album' },
      lines: [
        { type: 'primary', content: 'Night Drive is out' },
        { content: 'A new album by The Midnight Hours, an artist you follow.' },
      ],
    },
  },
  {
    id: '6f1c1f2e-8a4b-4c59-9d0e-1a2b3c4d5e02',
    type: 'workspace_invite',
    read_at: null,
    created_at: minutesAgo(90),
    data: {
      lines: [{ type: 'primary', content: 'Ada invited you to the workspace "Label A"' }],
      buttonActions: [
        { action: 'join', label: 'Join' },
        { action: 'decline', label: 'Decline' },
      ],
      inviteId: '42',
    },
  },
  {
    id: '6f1c1f2e-8a4b-4c59-9d0e-1a2b3c4d5e03',
    type: 'comment',
    read_at: minutesAgo(2000),
    created_at: minutesAgo(3000),
    data: {
      mainAction: { action: '/track/12/intro', label: 'Open track' },
      lines: [
        {
          type: 'primary',
          content:
            'Maximiliane Theodora Wilhelmina von Hohenzollern-Sigmaringen commented on "An extraordinarily long track title that wraps over several lines (Extended Live Version)"',
        },
        { content: 'Love the bridge at 2:31!' },
      ],
    },
  },
];

/** `GET api/v1/notifications` and `POST notifications/mark-as-read`, answered from contract-checked fixtures. */
function notificationsApi(items: TNotificationInput[]) {
  return [
    http.get('*/api/v1/notifications', () =>
      HttpResponse.json(
        fixture(ZNotificationsPageSchema, {
          pagination: { data: items, current_page: 1, per_page: 15, total: items.length, last_page: 1 },
        }),
      ),
    ),
    http.post('*/api/v1/notifications/mark-as-read', () =>
      HttpResponse.json(fixture(ZUnreadCountSchema, { unreadCount: 0 })),
    ),
  ];
}

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
