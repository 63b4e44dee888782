import {
  NOTIFICATION_TYPES,
  NOTIFICATIONS_PAGE_SIZE,
  PREFERENCE_CHANNELS,
  type TNotification,
  type TNotificationData,
  type TNotificationSubscriptions,
  type TNotificationType,
  type TPreferenceChannel,
  type TUpdateSubscriptions,
  ZNotificationDataSchema,
} from '@cadence/contracts/notification';
import type { TPagination } from '@cadence/contracts/pagination';
import type { Kysely } from 'kysely';
import type { Env } from '../../env';
import type { Database } from '../../platform/db/schema';
import type { JobQueue } from '../../platform/jobs/jobs';
import type { Mailer } from '../../platform/mail/mailer';
import type { RealtimeHub } from '../../platform/realtime/realtime-hub';
import type { SettingsService } from '../settings/settings.service';
import { findUserEmail } from '../users/user-refs.repository';
import {
  claimDelivery,
  insertDelivery,
  markDeliverySent,
  releaseDelivery,
} from './mail-deliveries.repository';
import { notificationMail } from './notification-mail';
import { channelsFor, mergeChannels, storedChannels } from './notification-subscriptions.repository';
import { notificationsRepository as repo } from './notifications.repository';
import { createWebPush } from './web-push';

type Db = Kysely<Database>;
export const MAIL_JOB = 'notifications.mail';
export const PUSH_JOB = 'notifications.push';
/** A claim older than this belongs to a worker that died mid-send; the delivery may be retried. */
const STALE_CLAIM_MS = 2 * 60_000;

type Deps = { db: Db; settings: SettingsService; realtime: RealtimeHub; env: Env; appKey: string };
type Delivery = { jobs: JobQueue; mailer: () => Mailer };
type Route = { database: boolean; email: boolean };

/**
 * `notify(userId, type, data)`: the one way a feature tells a user something (design 5). It
 * picks the channels (the type's defaults, or the user's preferences when they are integrated),
 * writes the in-app row and pushes it to the user's open tabs (database/browser), queues a mail
 * (email) and a Web Push to the user's browsers. See README.md in this folder.
 */
export function createNotificationsService({ db, settings, realtime, env, appKey }: Deps) {
  const webPush = createWebPush({
    db,
    appKey,
    appUrl: env.APP_URL,
    allowPrivateEndpoints: env.WEB_PUSH_ALLOW_PRIVATE_ENDPOINTS,
  });
  let delivery: Delivery | null = null;

  async function preferencesIntegrated(): Promise<boolean> {
    return Boolean(await settings.get('notif.subs.integrated'));
  }

  async function routeFor(userId: number, type: TNotificationType): Promise<Route> {
    const definition = NOTIFICATION_TYPES[type];
    const defaults: readonly string[] = definition.channels;
    if (!('group' in definition) || !(await preferencesIntegrated())) {
      return { database: defaults.includes('database'), email: defaults.includes('email') };
    }
    const channels = await channelsFor(db, userId, type);
    // Design 5: with preferences every channel starts on; browser means the in-app row plus push.
    return { database: channels?.browser !== false, email: channels?.email !== false };
  }

  async function queueMail(to: string, userId: number | null, type: string, data: TNotificationData) {
    if (!delivery) throw new Error('Notification delivery is not bound to a job queue.');
    const siteName = String(await settings.get('branding.site_name'));
    const mail = notificationMail(to, data, { siteName, playerUrl: env.PLAYER_URL });
    const deliveryId = await insertDelivery(db, {
      user_id: userId,
      to,
      type,
      subject: mail.subject,
      text: mail.text,
      html: mail.html,
    });
    // The delivery id is the job id: enqueueing the same delivery twice collapses into one job. One
    // lane per address: an address's mails go out in the order they were written.
    await delivery.jobs.enqueue(
      MAIL_JOB,
      { deliveryId },
      { jobId: deliveryId, lane: `${MAIL_JOB}:${to.toLowerCase()}` },
    );
  }

  async function notify(
    userId: number,
    type: TNotificationType,
    data: TNotificationData,
  ): Promise<TNotification | null> {
    const parsed = ZNotificationDataSchema.parse(data);
    const user = await findUserEmail(db, userId);
    if (!user) return null;
    const route = await routeFor(userId, type);
    let notification: TNotification | null = null;
    if (route.database) {
      const inserted = await repo.insert(db, userId, type, parsed);
      if (inserted) {
        notification = inserted.notification;
        await realtime.emitToUsers([userId], {
          type: 'notification.created',
          notification,
          unreadCount: inserted.unreadCount,
        });
        if (delivery && (await webPush.hasSubscriptions(userId))) {
          await delivery.jobs.enqueue(
            PUSH_JOB,
            { userId, notification },
            { jobId: `${notification.id}`, lane: `${PUSH_JOB}:${userId}` },
          );
        }
      }
    }
    if (route.email) await queueMail(user.email, userId, type, parsed);
    return notification;
  }

  /** Mail-only notification to an address that may have no account yet (design 5, W01). */
  async function notifyEmail(address: string, type: TNotificationType, data: TNotificationData) {
    await queueMail(address, null, type, ZNotificationDataSchema.parse(data));
  }

  /** The mail job: claims the delivery, sends, marks it sent; a retry of a sent delivery does nothing. */
  async function deliverMail(payload: unknown) {
    const { deliveryId } = payload as { deliveryId: string };
    const claimed = await claimDelivery(db, deliveryId, new Date(Date.now() - STALE_CLAIM_MS));
    if (!claimed || !delivery) return;
    try {
      await delivery
        .mailer()
        .send({ to: claimed.to, subject: claimed.subject, text: claimed.text, html: claimed.html });
    } catch (error) {
      // Released so the queue's next attempt can claim it again.
      await releaseDelivery(db, deliveryId);
      throw error;
    }
    await markDeliverySent(db, deliveryId);
  }

  async function deliverPush(payload: unknown) {
    const { userId, notification } = payload as { userId: number; notification: TNotification };
    await webPush.sendToUser(userId, { type: 'notification.created', notification });
  }

  /** Called once by the notifications plugin: the queue exists only after the jobs plugin ran. */
  function bindDelivery(jobs: JobQueue, mailer: () => Mailer) {
    delivery = { jobs, mailer };
    jobs.register(MAIL_JOB, deliverMail);
    jobs.register(PUSH_JOB, deliverPush);
  }

  async function list(
    userId: number,
    page: number,
    perPage = NOTIFICATIONS_PAGE_SIZE,
  ): Promise<TPagination<TNotification>> {
    const { rows, total } = await repo.page(db, userId, page, perPage);
    return {
      pagination: {
        data: rows,
        current_page: page,
        per_page: perPage,
        total,
        last_page: Math.max(1, Math.ceil(total / perPage)),
      },
    };
  }

  async function markAsRead(userId: number, input: { ids?: string[]; markAllAsUnread?: boolean }) {
    const unreadCount = input.markAllAsUnread
      ? await repo.markAllRead(db, userId)
      : await repo.markRead(db, userId, input.ids ?? []);
    await realtime.emitToUsers([userId], { type: 'notifications.read', unreadCount });
    return unreadCount;
  }

  async function remove(userId: number, id: string) {
    const result = await repo.remove(db, userId, id);
    if (result.isDeleted) {
      await realtime.emitToUsers([userId], { type: 'notifications.read', unreadCount: result.unreadCount });
    }
    return result;
  }

  async function subscriptions(userId: number): Promise<TNotificationSubscriptions> {
    const groups = new Map<string, { notif_id: string; name: string }[]>();
    for (const [notifId, definition] of Object.entries(NOTIFICATION_TYPES)) {
      if (!('group' in definition)) continue;
      const items = groups.get(definition.group) ?? [];
      items.push({ notif_id: notifId, name: definition.name });
      groups.set(definition.group, items);
    }
    const rows = await storedChannels(db, userId);
    const stored = new Map(rows.map((row) => [row.notif_id, row.channels]));
    const user_selections = [...groups.values()].flat().map(({ notif_id }) => {
      const channels = stored.get(notif_id) ?? {};
      return {
        notif_id,
        channels: Object.fromEntries(
          PREFERENCE_CHANNELS.map((channel) => [channel, channels[channel] !== false]),
        ) as Record<TPreferenceChannel, boolean>,
      };
    });
    return {
      available_channels: [...PREFERENCE_CHANNELS],
      subscriptions: [...groups.entries()].map(([group_name, items]) => ({
        group_name,
        subscriptions: items,
      })),
      user_selections,
    };
  }

  /** Stores the given types' channels (others keep theirs) in one transaction. */
  async function updateSubscriptions(userId: number, input: TUpdateSubscriptions) {
    await mergeChannels(db, userId, input.selections);
  }

  return {
    notify,
    notifyEmail,
    bindDelivery,
    list,
    markAsRead,
    remove,
    subscriptions,
    updateSubscriptions,
    preferencesIntegrated,
    webPush,
    /** Exposed for the jobs tests and the CLI worker. */
    deliverMail,
  };
}

export type NotificationsService = ReturnType<typeof createNotificationsService>;
