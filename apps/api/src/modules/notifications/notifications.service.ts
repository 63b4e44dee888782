import { randomUUID } from 'node:crypto';
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
import { findUserEmails } from '../users/user-refs.repository';
import {
  claimDeliveries,
  insertDeliveries,
  markDeliveriesSent,
  type NewDelivery,
  releaseDeliveries,
} from './mail-deliveries.repository';
import { notificationMail } from './notification-mail';
import {
  type Channels,
  channelsForMany,
  channelsKey,
  mergeChannels,
  storedChannels,
} from './notification-subscriptions.repository';
import {
  type InsertedNotification,
  type NewNotification,
  notificationsRepository as repo,
} from './notifications.repository';
import { createWebPush } from './web-push';

type Db = Kysely<Database>;
export const MAIL_JOB = 'notifications.mail';
export const PUSH_JOB = 'notifications.push';
/** A claim older than this belongs to a worker that died mid-send; the delivery may be retried. */
const STALE_CLAIM_MS = 2 * 60_000;

type Deps = { db: Db; settings: SettingsService; realtime: RealtimeHub; env: Env; appKey: string };
type Delivery = { jobs: JobQueue; mailer: () => Mailer };
type Route = { database: boolean; email: boolean };
/** One thing to tell one user: what `notify` takes, as one element of `notifyMany`. */
export type Notice = { userId: number; type: TNotificationType; data: TNotificationData };
/** A notice of a user that exists, with the channels picked for it and its row's id if it gets one. */
type Planned = Notice & { email: string; route: Route; rowId: string | null };
type Created = { userId: number; inserted: InsertedNotification };
type Mail = { to: string; userId: number | null; type: string; data: TNotificationData };

const hasGroup = (type: TNotificationType) => 'group' in NOTIFICATION_TYPES[type];
/** Jobs of one lane run one at a time in the order queued: an address's mails keep their order. */
const mailLane = (to: string) => `${MAIL_JOB}:${to.toLowerCase()}`;

/** The type's default channels, or the user's stored choice when `preferences` were read for it. */
function routeOf(notice: Notice, preferences: Map<string, Channels> | null): Route {
  if (!preferences || !hasGroup(notice.type)) {
    const defaults: readonly string[] = NOTIFICATION_TYPES[notice.type].channels;
    return { database: defaults.includes('database'), email: defaults.includes('email') };
  }
  const channels = preferences.get(channelsKey(notice.userId, notice.type));
  // Design 5: with preferences every channel starts on; browser means the in-app row plus push.
  return { database: channels?.browser !== false, email: channels?.email !== false };
}

/** Old jobs (still stored in Redis) carry one `deliveryId`; a batch carries its ids in the order written. */
function deliveryIdsOf(payload: unknown): string[] {
  const { deliveryId, deliveryIds } = payload as { deliveryId?: string; deliveryIds?: string[] };
  return deliveryIds ?? (deliveryId ? [deliveryId] : []);
}

/** Each lane's delivery ids, in the order written. */
function idsByLane(deliveries: readonly NewDelivery[]): Map<string, string[]> {
  const lanes = new Map<string, string[]>();
  for (const delivery of deliveries) {
    const lane = mailLane(delivery.to);
    const ids = lanes.get(lane) ?? [];
    ids.push(delivery.id);
    lanes.set(lane, ids);
  }
  return lanes;
}

/**
 * `notify(userId, type, data)`: the one way a feature tells a user something (design 5). It
 * picks the channels (the type's defaults, or the user's preferences when they are integrated),
 * writes the in-app row and pushes it to the user's open tabs (database/browser), queues a mail
 * (email) and a Web Push to the user's browsers. `notifyMany(notices)` does the same for many
 * notices in a fixed number of statements. See README.md in this folder.
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

  /**
   * The stored channels of the batch's users for its types with a group, in one statement; null
   * when the type defaults decide (no such type, or preferences not integrated).
   */
  async function preferencesFor(notices: readonly Notice[]) {
    const grouped = notices.filter((notice) => hasGroup(notice.type));
    if (grouped.length === 0 || !(await preferencesIntegrated())) return null;
    return channelsForMany(
      db,
      grouped.map((notice) => notice.userId),
      grouped.map((notice) => notice.type),
    );
  }

  /** Null where the user is gone: such a notice is dropped on every channel. */
  async function plan(notices: readonly Notice[]): Promise<(Planned | null)[]> {
    const emails = await findUserEmails(
      db,
      notices.map((notice) => notice.userId),
    );
    const preferences = await preferencesFor(notices.filter((notice) => emails.has(notice.userId)));
    return notices.map((notice) => {
      const email = emails.get(notice.userId);
      if (email === undefined) return null;
      const route = routeOf(notice, preferences);
      return { ...notice, email, route, rowId: route.database ? randomUUID() : null };
    });
  }

  /** Every new row goes to its user's open tabs, and to their browsers through a push job. */
  async function announce(created: readonly Created[]) {
    for (const { userId, inserted } of created) {
      await realtime.emitToUsers([userId], {
        type: 'notification.created',
        notification: inserted.notification,
        unreadCount: inserted.unreadCount,
      });
    }
    if (!delivery || created.length === 0) return;
    const jobs = delivery.jobs;
    const subscribed = await webPush.usersWithSubscriptions(created.map(({ userId }) => userId));
    for (const { userId, inserted } of created) {
      if (!subscribed.has(userId)) continue;
      const notification = inserted.notification;
      await jobs.enqueue(
        PUSH_JOB,
        { userId, notification },
        { jobId: `${notification.id}`, lane: `${PUSH_JOB}:${userId}` },
      );
    }
  }

  /**
   * Writes the mails' deliveries in one statement and queues one job per address carrying that
   * address's deliveries in the order written. Its first delivery id is the job id: enqueueing the
   * same batch twice collapses into one job.
   */
  /**
   * In-process queue only: each address's mail job that has not started yet, by lane, with its
   * delivery ids. A burst's later mails to that address join it instead of queueing a job each
   * (a webhook sweep every 50 ms would otherwise queue a job per subscriber per sweep); the job
   * drops its entry when it starts. With BullMQ the payload is stored when queued: a job each.
   */
  const waitingMail = new Map<string, string[]>();

  async function queueMails(mails: readonly Mail[]) {
    if (mails.length === 0) return;
    if (!delivery) throw new Error('Notification delivery is not bound to a job queue.');
    const jobs = delivery.jobs;
    const siteName = String(await settings.get('branding.site_name'));
    const deliveries = mails.map((mail): NewDelivery => {
      const message = notificationMail(mail.to, mail.data, { siteName, playerUrl: env.PLAYER_URL });
      return {
        id: randomUUID(),
        user_id: mail.userId,
        to: mail.to,
        type: mail.type,
        subject: message.subject,
        text: message.text,
        html: message.html,
      };
    });
    await insertDeliveries(db, deliveries);
    for (const [lane, deliveryIds] of idsByLane(deliveries)) {
      const waiting = waitingMail.get(lane);
      if (jobs.kind === 'in-process' && waiting) {
        waiting.push(...deliveryIds);
        continue;
      }
      const payload = { deliveryIds: [...deliveryIds], lane };
      if (jobs.kind === 'in-process') waitingMail.set(lane, payload.deliveryIds);
      await jobs.enqueue(MAIL_JOB, payload, { jobId: deliveryIds[0], lane });
    }
  }

  /**
   * `notify` for each notice, in order, in a fixed number of statements (the users' emails, their
   * preferences, the rows with the unread counts, the push subscribers, the mail deliveries).
   * Answers each notice's in-app row, null where none was written (user gone, channel off). Every
   * notice's data is checked before anything is written.
   */
  async function notifyMany(notices: readonly Notice[]): Promise<(TNotification | null)[]> {
    if (notices.length === 0) return [];
    const parsed = notices.map((notice) => ({ ...notice, data: ZNotificationDataSchema.parse(notice.data) }));
    const planned = await plan(parsed);
    const rows = planned.flatMap((notice): NewNotification[] =>
      notice?.rowId
        ? [{ id: notice.rowId, userId: notice.userId, type: notice.type, data: notice.data }]
        : [],
    );
    const inserted = await repo.insertMany(db, rows);
    await announce(
      rows.flatMap((row) => {
        const written = inserted.get(row.id);
        return written ? [{ userId: row.userId, inserted: written }] : [];
      }),
    );
    await queueMails(
      planned.flatMap((notice): Mail[] =>
        notice?.route.email
          ? [{ to: notice.email, userId: notice.userId, type: notice.type, data: notice.data }]
          : [],
      ),
    );
    return planned.map((notice) =>
      notice?.rowId ? (inserted.get(notice.rowId)?.notification ?? null) : null,
    );
  }

  async function notify(
    userId: number,
    type: TNotificationType,
    data: TNotificationData,
  ): Promise<TNotification | null> {
    return (await notifyMany([{ userId, type, data }]))[0] ?? null;
  }

  /** Mail-only notification to an address that may have no account yet (design 5, W01). */
  async function notifyEmail(address: string, type: TNotificationType, data: TNotificationData) {
    await queueMails([{ to: address, userId: null, type, data: ZNotificationDataSchema.parse(data) }]);
  }

  /**
   * The mail job: claims its deliveries in one statement, sends them in the order written and
   * marks the sent ones in one statement. A retry of sent deliveries sends nothing; when a send
   * fails, the ones sent so far stay sent and the rest are released for the queue's next attempt.
   */
  async function deliverMail(payload: unknown) {
    if (!delivery) return;
    const { lane } = payload as { lane?: string };
    const ids = deliveryIdsOf(payload);
    if (lane && waitingMail.get(lane) === ids) waitingMail.delete(lane);
    const claimed = new Map(
      (await claimDeliveries(db, ids, new Date(Date.now() - STALE_CLAIM_MS))).map((row) => [row.id, row]),
    );
    const inOrder = ids.flatMap((id) => claimed.get(id) ?? []);
    const mailer = delivery.mailer();
    const sent: string[] = [];
    try {
      for (const row of inOrder) {
        await mailer.send({ to: row.to, subject: row.subject, text: row.text, html: row.html });
        sent.push(row.id);
      }
    } catch (error) {
      // The sent ones are marked so no retry sends them again; the rest are released so the
      // queue's next attempt can claim them.
      await markDeliveriesSent(db, sent);
      await releaseDeliveries(
        db,
        inOrder.slice(sent.length).map((row) => row.id),
      );
      throw error;
    }
    await markDeliveriesSent(db, sent);
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
    notifyMany,
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
