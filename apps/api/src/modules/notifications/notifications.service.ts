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
import { eachAtMost } from '../../platform/each-at-most';
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
import type { InsertedNotification, NewNotification } from './notifications.repository';
import * as repo from './notifications.repository';
import { createWebPush } from './web-push';

type Db = Kysely<Database>;
export const MAIL_JOB = 'notifications.mail';
export const PUSH_JOB = 'notifications.push';
/** A claim older than this belongs to a worker that died mid-send; the delivery may be retried. */
const STALE_CLAIM_MS = 2 * 60_000;
/**
 * Addresses a mail job sends to side by side. A batch holds mails for many users: sending them one
 * after another would make every address wait for the slowest SMTP answer before it. Over SMTP they
 * share the transport's few pooled connections (mail-transport.ts), the rest waiting in its queue;
 * and the outgoing-mail log gathers the mails sent together into one insert.
 */
const MAIL_SENDS_AT_ONCE = 16;
/**
 * A mail job marks what it sent every this many sends, not only at its end. A worker that dies
 * mid-batch leaves its claim to go stale, and the retry would send again every mail sent but not
 * marked: marking as it goes bounds that to this many (plus the sends in flight), for one
 * statement per this many mails.
 */
const MARK_SENT_EVERY = 50;
/**
 * The most delivery ids a waiting in-process mail job takes in. Its claim binds one parameter per
 * id, and a statement allows 65,535: past this, a backlog starts a new job instead of growing one
 * that could never be claimed.
 */
const MAIL_JOB_MAX_IDS = 10_000;

type Deps = { db: Db; settings: SettingsService; realtime: RealtimeHub; env: Env; appKey: string };
type Delivery = { jobs: JobQueue; mailer: () => Mailer };
type Route = { database: boolean; email: boolean };
/** One thing to tell one user: what `notify` takes, as one element of `notifyMany`. */
export type Notice = { userId: number; type: TNotificationType; data: TNotificationData };
/** A notice of a user that exists, with the channels picked for it and its row's id if it gets one. */
type Planned = Notice & { email: string; route: Route; rowId: string | null };
type Created = { userId: number; inserted: InsertedNotification };
type Mail = { to: string; userId: number | null; type: string; data: TNotificationData };
type ClaimedDelivery = Awaited<ReturnType<typeof claimDeliveries>>[number];

const hasGroup = (type: TNotificationType) => 'group' in NOTIFICATION_TYPES[type];

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

/**
 * A batch carries its ids in the order written. Jobs still stored in Redis may carry the shapes
 * queued before: one `deliveryId`, or one address's `{deliveryIds, lane}` (its lane is not needed:
 * the ids say which deliveries to send). The array itself is answered, not a copy, so the job can
 * tell whether it is the waiting in-process job.
 */
function deliveryIdsOf(payload: unknown): string[] {
  const { deliveryId, deliveryIds } = (payload ?? {}) as { deliveryId?: string; deliveryIds?: string[] };
  return deliveryIds ?? (deliveryId ? [deliveryId] : []);
}

/** The claimed rows by address (compared lower-cased), each address's in the order written. */
function byAddress(ids: readonly string[], claimed: readonly ClaimedDelivery[]): ClaimedDelivery[][] {
  const rows = new Map(claimed.map((row) => [row.id, row]));
  const addresses = new Map<string, ClaimedDelivery[]>();
  for (const id of ids) {
    const row = rows.get(id);
    if (!row) continue;
    const key = row.to.toLowerCase();
    const mails = addresses.get(key) ?? [];
    mails.push(row);
    addresses.set(key, mails);
  }
  return [...addresses.values()];
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
   * In-process queue only: the delivery ids of the mail job that has not started yet, or null. A
   * burst's later batches join it instead of queueing a job each (a webhook sweep every 50 ms would
   * otherwise queue a job per sweep, each with its own claim and mark); the job drops it when it
   * starts. With BullMQ the payload is stored when queued: a job per batch.
   */
  let waitingMail: string[] | null = null;

  /**
   * Writes the mails' deliveries in one statement and queues one job carrying all their ids in the
   * order written (or adds them to the waiting in-process job). Its first delivery id is the job
   * id: enqueueing the same batch twice collapses into one job. Every mail job runs in one lane,
   * one at a time in the order queued, so an address's mails keep their order across batches; a
   * lane per address would cost a job, a claim and a mark per address per batch.
   */
  async function queueMails(mails: readonly Mail[]) {
    if (mails.length === 0) return;
    if (!delivery) throw new Error('Notification delivery is not bound to a job queue.');
    const jobs = delivery.jobs;
    const siteName = String(await settings.get('branding.site_name'));
    const deliveries = mails.map((mail): NewDelivery => {
      const message = notificationMail(mail.to, mail.data, {
        siteName,
        playerUrl: env.PLAYER_URL,
        adminUrl: env.ADMIN_URL,
        backstageUrl: env.BACKSTAGE_URL,
      });
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
    const deliveryIds = deliveries.map((delivery) => delivery.id);
    const waiting = jobs.kind === 'in-process' ? waitingMail : null;
    if (waiting && waiting.length + deliveryIds.length <= MAIL_JOB_MAX_IDS) {
      waiting.push(...deliveryIds);
      return;
    }
    // Set before queueing, so a batch written while `enqueue` runs joins this job; dropped again
    // when the queue refuses it, so later batches do not join a job that never runs.
    if (jobs.kind === 'in-process') waitingMail = deliveryIds;
    try {
      await jobs.enqueue(MAIL_JOB, { deliveryIds }, { jobId: deliveryIds[0], lane: MAIL_JOB });
    } catch (error) {
      if (waitingMail === deliveryIds) waitingMail = null;
      throw error;
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
   * The mail job: claims its deliveries in one statement, sends each address's in the order
   * written, marks the sent ones every MARK_SENT_EVERY sends and at its end, and releases the
   * unsent ones in one statement. A retry
   * of sent deliveries sends nothing; when an address's send fails, its later mails wait for the
   * queue's next attempt while the other addresses' still go out.
   */
  async function deliverMail(payload: unknown) {
    if (!delivery) return;
    const ids = deliveryIdsOf(payload);
    // Once started, the job's ids are fixed: a later batch must queue a job of its own. Only its
    // own array is dropped, since a job run again (a retry) is no longer the waiting one.
    if (waitingMail === ids) waitingMail = null;
    const claimed = await claimDeliveries(db, ids, new Date(Date.now() - STALE_CLAIM_MS));
    const mailer = delivery.mailer();
    const sent = new Set<string>();
    const failures: unknown[] = [];
    const addresses = byAddress(ids, claimed);
    // Sent ids not marked yet. The marks along the way run one after another, beside the sends;
    // one that fails puts its ids back, for the mark at the end.
    let unmarked: string[] = [];
    let marking = Promise.resolve();
    const markAlongTheWay = () => {
      const batch = unmarked;
      unmarked = [];
      marking = marking
        .then(() => markDeliveriesSent(db, batch))
        .catch(() => {
          unmarked.push(...batch);
        });
    };
    await eachAtMost(addresses, MAIL_SENDS_AT_ONCE, async (mails) => {
      for (const row of mails) {
        try {
          await mailer.send({ to: row.to, subject: row.subject, text: row.text, html: row.html });
        } catch (error) {
          // The address's later mails are not sent, so it never receives them out of order; the
          // other addresses go on, so one bad mailbox does not hold up everyone's mail.
          failures.push(error);
          return;
        }
        sent.add(row.id);
        unmarked.push(row.id);
        if (unmarked.length >= MARK_SENT_EVERY) markAlongTheWay();
      }
    });
    await marking;
    // The sent ones are marked so no retry sends them again, and the rest released so the queue's
    // next attempt can claim them at once instead of after the stale-claim delay: one statement
    // each (none when there is nothing to mark or release).
    await markDeliveriesSent(db, unmarked);
    await releaseDeliveries(
      db,
      claimed.flatMap((row) => (sent.has(row.id) ? [] : [row.id])),
    );
    if (failures.length > 0) {
      // Throwing makes the queue retry the job; the retry claims only what was released.
      const first = failures[0];
      const reason = first instanceof Error ? first.message : String(first);
      throw new Error(`Mail to ${failures.length} of ${addresses.length} addresses failed: ${reason}`, {
        cause: first,
      });
    }
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
