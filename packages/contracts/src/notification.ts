import { z } from 'zod';
import { lazySchema } from './lazy-schema';
import { NOTIFICATIONS_PAGE_SIZE } from './notification-constants';

export { NOTIFICATIONS_PAGE_SIZE };

/** Where a notification can go (design 5): `database` rows in the bell, `email` through the queue, `browser` push. */
export const NOTIFICATION_CHANNELS = ['database', 'email', 'browser'] as const;
export type TNotificationChannel = (typeof NOTIFICATION_CHANNELS)[number];

/** What a user picks from in the preference grid (spec 3 "available_channels", including browser). */
export const PREFERENCE_CHANNELS = ['email', 'browser'] as const;
export type TPreferenceChannel = (typeof PREFERENCE_CHANNELS)[number];

/**
 * Every notification type of design section 5 with its default channels and, for the ones a user
 * may switch off, the preference-grid group and label. Types without `group` are transactional.
 */
export const NOTIFICATION_TYPES = {
  artist_uploaded_media: {
    channels: ['email', 'database'],
    group: 'Music',
    name: 'New music from artists I follow',
  },
  comment_reply: { channels: ['database'], group: 'Music', name: 'Replies to my comments' },
  report_resolved: { channels: ['database'], group: 'Music', name: 'What happened to my reports' },
  backstage_request_handled: {
    channels: ['email', 'database'],
    group: 'Backstage',
    name: 'My backstage request was approved or denied',
  },
  backstage_request_created: {
    channels: ['email', 'database'],
    group: 'Backstage',
    name: 'New backstage requests to review',
  },
  workspace_invitation: {
    channels: ['email', 'database'],
    group: 'Workspaces',
    name: 'Workspace invitations',
  },
  workspace_invitation_declined: {
    channels: ['database'],
    group: 'Workspaces',
    name: 'Declined invitations to my workspaces',
  },
  invoice_paid: { channels: ['email', 'database'], group: 'Billing', name: 'Payment receipts' },
  payment_failed: { channels: ['email', 'database'], group: 'Billing', name: 'Failed payments' },
  csv_export_ready: { channels: ['email', 'database'], group: 'Exports', name: 'My export is ready' },
  email_verification_code: { channels: ['email'] },
  password_reset: { channels: ['email'] },
  contact_message: { channels: ['email'] },
  system_error: { channels: ['database'] },
} as const satisfies Record<
  string,
  { channels: readonly TNotificationChannel[]; group?: string; name?: string }
>;
export type TNotificationType = keyof typeof NOTIFICATION_TYPES;
export const ZNotificationTypeSchema = lazySchema(() =>
  z.enum(Object.keys(NOTIFICATION_TYPES) as [TNotificationType, ...TNotificationType[]]),
);

/** An action is a path inside the apps (`/track/1/x`) or an absolute address. */
const ZActionSchema = lazySchema(() =>
  z.object({ action: z.string().max(2000), label: z.string().max(255) }),
);

/** Spec 3 "Notification.data". */
export const ZNotificationDataSchema = lazySchema(() =>
  z.object({
    image: z.string().max(2000).nullish(),
    mainAction: ZActionSchema.nullish(),
    lines: z
      .array(
        z.object({
          type: z.string().max(20).optional(),
          content: z.string().max(2000),
          icon: z.string().max(100).nullish(),
          action: ZActionSchema.nullish(),
        }),
      )
      .max(10),
    buttonActions: z.array(ZActionSchema).max(4).optional(),
    /** Workspace invitations: the Join/Decline buttons act on this invite. */
    inviteId: z.string().max(100).optional(),
  }),
);
export type TNotificationData = z.infer<typeof ZNotificationDataSchema>;

export const ZNotificationSchema = lazySchema(() =>
  z.object({
    id: z.string(),
    type: z.string(),
    read_at: z.string().nullable(),
    created_at: z.string(),
    data: ZNotificationDataSchema,
  }),
);
export type TNotification = z.infer<typeof ZNotificationSchema>;

export const ZNotificationListQuerySchema = lazySchema(() =>
  z.object({
    page: z.coerce.number().int().min(1).max(1_000_000).default(1),
    perPage: z.coerce.number().int().min(1).max(NOTIFICATIONS_PAGE_SIZE).default(NOTIFICATIONS_PAGE_SIZE),
  }),
);

/** Spec 7: `{ids}` marks those; `markAllAsUnread` (the spec's name for the mark-all flag) marks every one. */
export const ZMarkAsReadSchema = lazySchema(() =>
  z
    .object({
      ids: z.array(z.string().uuid('This notification does not exist.')).max(100).optional(),
      markAllAsUnread: z.boolean().optional(),
    })
    .refine((body) => body.markAllAsUnread === true || (body.ids?.length ?? 0) > 0, {
      message: 'Choose the notifications to mark as read.',
      path: ['ids'],
    }),
);
export type TMarkAsRead = z.infer<typeof ZMarkAsReadSchema>;
export const ZUnreadCountSchema = lazySchema(() => z.object({ unreadCount: z.number() }));

export const ZNotificationIdParamsSchema = lazySchema(() =>
  z.object({
    id: z.string().uuid('This notification does not exist.'),
  }),
);

/** Spec 3 "Notification subscription settings". */
export const ZSubscriptionChannelsSchema = lazySchema(() =>
  z.record(z.enum(PREFERENCE_CHANNELS), z.boolean()),
);
export const ZNotificationSubscriptionsSchema = lazySchema(() =>
  z.object({
    available_channels: z.array(z.enum(PREFERENCE_CHANNELS)),
    subscriptions: z.array(
      z.object({
        group_name: z.string(),
        subscriptions: z.array(z.object({ notif_id: z.string(), name: z.string() })),
      }),
    ),
    user_selections: z.array(z.object({ notif_id: z.string(), channels: ZSubscriptionChannelsSchema })),
  }),
);
export type TNotificationSubscriptions = z.infer<typeof ZNotificationSubscriptionsSchema>;

export const ZUpdateSubscriptionsSchema = lazySchema(() =>
  z.object({
    selections: z
      .array(
        z.object({
          notif_id: ZNotificationTypeSchema,
          channels: z.partialRecord(z.enum(PREFERENCE_CHANNELS), z.boolean()),
        }),
      )
      .min(1)
      .max(50),
  }),
);
export type TUpdateSubscriptions = z.infer<typeof ZUpdateSubscriptionsSchema>;

/** Web Push: the browser's PushSubscription as `toJSON()` gives it. */
export const ZPushSubscriptionSchema = lazySchema(() =>
  z.object({
    endpoint: z.url({ protocol: /^https?$/ }).max(2000),
    keys: z.object({ p256dh: z.string().min(1).max(200), auth: z.string().min(1).max(100) }),
  }),
);
export type TPushSubscription = z.infer<typeof ZPushSubscriptionSchema>;

/** Events pushed to a user's open tabs over the realtime socket; later features add their own `type`. */
export type TRealtimeEvent =
  | { type: 'notification.created'; notification: TNotification; unreadCount: number }
  | { type: 'notifications.read'; unreadCount: number }
  | { type: string; [key: string]: unknown };

/** The server's VAPID public key for Web Push subscriptions. */
export const ZPushKeyResponseSchema = lazySchema(() => z.object({ publicKey: z.string() }));
/** DELETE notifications/push/subscriptions: the browser's subscription to forget. */
export const ZPushUnsubscribeSchema = lazySchema(() => z.object({ endpoint: z.string().max(2000) }));
