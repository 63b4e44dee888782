import { ZNotificationSchema, ZUnreadCountSchema } from '@cadence/contracts/notification';
import { paginationSchema } from '@cadence/contracts/pagination';
import { HttpResponse, http } from 'msw';
import type { z } from 'zod';
import { fixture } from '../test/story-helpers';

// The notification stories' data (bell popover, /notifications page), shaped by the contracts.

const ZNotificationsPageSchema = paginationSchema(ZNotificationSchema);
export type TNotificationInput = z.input<typeof ZNotificationSchema>;

const minutesAgo = (minutes: number) => new Date(Date.now() - minutes * 60_000).toISOString();

export const NOTIFICATIONS: TNotificationInput[] = [
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

/**
 * `GET api/v1/notifications` and `POST notifications/mark-as-read`, answered from
 * contract-checked fixtures. After "mark all as read" the list answers every item read.
 */
export function notificationsApi(items: TNotificationInput[]) {
  let isAllRead = false;
  return [
    http.get('*/api/v1/notifications', () => {
      const data = isAllRead
        ? items.map((item) => ({ ...item, read_at: item.read_at ?? item.created_at }))
        : items;
      return HttpResponse.json(
        fixture(ZNotificationsPageSchema, {
          pagination: { data, current_page: 1, per_page: 15, total: data.length, last_page: 1 },
        }),
      );
    }),
    http.post('*/api/v1/notifications/mark-as-read', () => {
      isAllRead = true;
      return HttpResponse.json(fixture(ZUnreadCountSchema, { unreadCount: 0 }));
    }),
  ];
}
