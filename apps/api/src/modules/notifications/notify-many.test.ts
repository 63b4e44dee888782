import type { TNotificationData, TNotificationType } from '@cadence/contracts/notification';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { EnqueueOptions, JobQueue } from '../../platform/jobs/jobs';
import type { Mailer } from '../../platform/mail/mailer';
import type { RealtimeEvent } from '../../platform/realtime/realtime-hub';
import { createTestApp, createTestUser, type TestApp } from '../../test/test-app';
import { mailText, startSmtpPeer } from '../auth/smtp-peer';
import { createNotificationsService, MAIL_JOB, type Notice, PUSH_JOB } from './notifications.service';

/**
 * notifyMany through the real service, database and SMTP peer. Where a test needs to count
 * statements, hold the queue's jobs or make a send fail, it builds a second service over the same
 * database, settings and realtime hub, with a counting connection, a queue that only records and a
 * mailer wrapped around the app's own.
 */
let t: TestApp;
let smtp: Awaited<ReturnType<typeof startSmtpPeer>>;
const detachers: (() => void)[] = [];
const UNKNOWN_USER = 2_000_000_000;

beforeAll(async () => {
  smtp = await startSmtpPeer();
  t = await createTestApp({ env: { MAIL_URL: smtp.url, NOTIF_SUBS_INTEGRATED: 'true' } });
}, 60_000);
afterEach(() => {
  for (const detach of detachers.splice(0)) detach();
  vi.restoreAllMocks();
});
afterAll(async () => {
  await t?.close();
  await smtp?.close();
});

let userSerial = 0;
async function user() {
  userSerial += 1;
  const email = `batch-${userSerial}-${Date.now()}@example.com`;
  return { id: await createTestUser(t.deps, { email }), email };
}

/** A notice whose text carries a token that the row, the realtime event and the mail all show. */
const notice = (userId: number, type: TNotificationType, token: string): Notice => ({
  userId,
  type,
  data: { lines: [{ content: token }] },
});
const tokenOf = (data: TNotificationData) => data.lines[0]?.content;

async function turnOff(
  userId: number,
  type: TNotificationType,
  channels: { email?: boolean; browser?: boolean },
) {
  await t.app.services.notifications.updateSubscriptions(userId, {
    selections: [{ notif_id: type, channels }],
  });
}

/** The `notification.created` events the user's open tab receives. */
async function listen(userId: number) {
  const events: RealtimeEvent[] = [];
  detachers.push(
    await t.app.services.realtime.attach({ userId, send: (json) => events.push(JSON.parse(json)) }),
  );
  return () =>
    events
      .filter((event) => event.type === 'notification.created')
      .map((event) => ({
        token: tokenOf((event.notification as { data: TNotificationData }).data),
        unreadCount: event.unreadCount,
      }));
}

async function until(isDone: () => boolean, what: string) {
  const deadline = Date.now() + 5_000;
  while (!isDone()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/** The tokens of the mails the address received, in the order they arrived. */
const mailsTo = (address: string) =>
  smtp.received
    .filter((mail) => mail.to.includes(address))
    .map((mail) => /tok-[\w-]+/.exec(mailText(mail.raw))?.[0]);

function deliveriesOf(userId: number) {
  return t.deps.db
    .selectFrom('mail_deliveries')
    .select(['id', 'type', 'subject', 'status', 'attempts', 'claimed_at'])
    .where('user_id', '=', userId)
    .execute();
}

function unreadCountOf(userId: number) {
  return t.deps.db
    .selectFrom('users')
    .select('unread_notifications_count')
    .where('id', '=', userId)
    .executeTakeFirstOrThrow()
    .then((row) => row.unread_notifications_count);
}

type RecordedJob = { name: string; payload: unknown; options?: EnqueueOptions };

/** A queue that runs nothing: the test reads what was queued and runs the mail jobs itself. */
function recordingQueue(kind: JobQueue['kind']) {
  const jobs: RecordedJob[] = [];
  const queue: JobQueue = {
    kind,
    register: () => {},
    enqueue: async (name, payload, options) => {
      jobs.push({ name, payload, options });
    },
    drain: async () => {},
    close: async () => {},
    status: async () => ({ worker: 'paused', counts: { waiting: 0, active: 0, failed: 0 }, failed: [] }),
    retry: async () => false,
  };
  return { queue, jobs };
}

/**
 * A second service over the test database that counts its statements. Its mailer fails once for a
 * token in `failOnce`, waits for the promise `held` has for a token, and counts the sends in flight.
 */
function instrumentedService(kind: JobQueue['kind'] = 'in-process') {
  const counter = { statements: 0 };
  const db = t.deps.db.withPlugin({
    transformQuery: (args) => {
      counter.statements += 1;
      return args.node;
    },
    transformResult: async (args) => args.result,
  });
  const service = createNotificationsService({
    db,
    settings: t.app.services.settings,
    realtime: t.app.services.realtime,
    env: t.env,
    appKey: t.deps.appKey,
  });
  const failOnce = new Set<string>();
  const held = new Map<string, Promise<unknown>>();
  const sends = { inFlight: 0, mostInFlight: 0 };
  const mailer: Mailer = {
    ...t.app.mailer,
    send: async (message) => {
      sends.inFlight += 1;
      sends.mostInFlight = Math.max(sends.mostInFlight, sends.inFlight);
      try {
        const token = /tok-[\w-]+/.exec(message.text)?.[0] ?? '';
        await held.get(token);
        if (failOnce.delete(token)) throw new Error('451 try again later');
        return await t.app.mailer.send(message);
      } finally {
        sends.inFlight -= 1;
      }
    },
  };
  const { queue, jobs } = recordingQueue(kind);
  service.bindDelivery(queue, () => mailer);
  const mailJobs = () => jobs.filter((job) => job.name === MAIL_JOB);
  /** Runs `body`, answering how many statements it made. */
  async function statementsOf(body: () => Promise<unknown>) {
    const before = counter.statements;
    await body();
    return counter.statements - before;
  }
  return { service, jobs, mailJobs, failOnce, held, sends, statementsOf, counter };
}

describe('notifyMany', () => {
  it("answers each notice's row in the input's order, null for a user that is gone or no in-app channel", async () => {
    const [a, b] = [await user(), await user()];
    const results = await t.app.services.notifications.notifyMany([
      notice(a.id, 'system_error', 'tok-a1'),
      notice(UNKNOWN_USER, 'system_error', 'tok-nobody'),
      notice(b.id, 'system_error', 'tok-b1'),
      notice(a.id, 'email_verification_code', 'tok-mail-only'),
      notice(a.id, 'system_error', 'tok-a2'),
      ...[3, 4, 5, 6].map((n) => notice(a.id, 'system_error', `tok-a${n}`)),
    ]);
    expect(results.map((row) => (row ? tokenOf(row.data) : null))).toEqual([
      'tok-a1',
      null,
      'tok-b1',
      null,
      'tok-a2',
      'tok-a3',
      'tok-a4',
      'tok-a5',
      'tok-a6',
    ]);
    // The list (newest first) shows the batch's rows in the order of the notices, as separate calls would.
    const listed = await t.app.services.notifications.list(a.id, 1);
    expect(listed.pagination.data.map((row) => tokenOf(row.data))).toEqual(
      [1, 2, 3, 4, 5, 6].map((n) => `tok-a${n}`).reverse(),
    );
    expect(await t.app.services.notifications.notifyMany([])).toEqual([]);
  });

  it('tells each user their unread count right after each of their rows', async () => {
    const [a, b] = [await user(), await user()];
    await t.app.services.notifications.notify(a.id, 'system_error', { lines: [{ content: 'tok-before' }] });
    const [eventsOfA, eventsOfB] = [await listen(a.id), await listen(b.id)];
    await t.app.services.notifications.notifyMany([
      notice(a.id, 'system_error', 'tok-x'),
      notice(b.id, 'system_error', 'tok-y'),
      notice(a.id, 'system_error', 'tok-z'),
      notice(a.id, 'system_error', 'tok-w'),
      notice(b.id, 'system_error', 'tok-v'),
    ]);
    await until(() => eventsOfA().length === 3 && eventsOfB().length === 2, 'the realtime events');
    expect(eventsOfA()).toEqual([
      { token: 'tok-x', unreadCount: 2 },
      { token: 'tok-z', unreadCount: 3 },
      { token: 'tok-w', unreadCount: 4 },
    ]);
    expect(eventsOfB()).toEqual([
      { token: 'tok-y', unreadCount: 1 },
      { token: 'tok-v', unreadCount: 2 },
    ]);
    expect([await unreadCountOf(a.id), await unreadCountOf(b.id)]).toEqual([4, 2]);
  });

  it("follows each user's preferences for types with a group: a channel turned off is skipped", async () => {
    const [picky, open] = [await user(), await user()];
    await turnOff(picky.id, 'comment_reply', { email: false });
    await turnOff(picky.id, 'invoice_paid', { browser: false });
    const results = await t.app.services.notifications.notifyMany([
      notice(picky.id, 'comment_reply', 'tok-reply-picky'),
      notice(open.id, 'comment_reply', 'tok-reply-open'),
      notice(picky.id, 'invoice_paid', 'tok-paid-picky'),
    ]);
    expect(results.map((row) => (row ? tokenOf(row.data) : null))).toEqual([
      'tok-reply-picky',
      'tok-reply-open',
      null,
    ]);
    // Integrated preferences start with every channel on: comment_reply mails `open` too.
    expect((await deliveriesOf(picky.id)).map((row) => row.type)).toEqual(['invoice_paid']);
    expect((await deliveriesOf(open.id)).map((row) => row.type)).toEqual(['comment_reply']);
    expect(await unreadCountOf(picky.id)).toBe(1);
  });

  it('does what notify does for each notice in turn', async () => {
    const notices = (a: number, b: number) => [
      notice(a, 'invoice_paid', 'tok-e1'),
      notice(b, 'system_error', 'tok-e2'),
      notice(UNKNOWN_USER, 'system_error', 'tok-e3'),
      notice(a, 'comment_reply', 'tok-e4'),
      notice(a, 'email_verification_code', 'tok-e5'),
      notice(b, 'payment_failed', 'tok-e6'),
      notice(a, 'system_error', 'tok-e7'),
    ];
    async function outcome(run: (list: Notice[]) => Promise<unknown[]>) {
      const [a, b] = [await user(), await user()];
      await turnOff(b.id, 'payment_failed', { browser: false });
      const [eventsOfA, eventsOfB] = [await listen(a.id), await listen(b.id)];
      const rows = await run(notices(a.id, b.id));
      await until(() => eventsOfA().length === 3 && eventsOfB().length === 1, 'the realtime events');
      const mails = async (userId: number) =>
        (await deliveriesOf(userId)).map((row) => `${row.type} ${row.subject}`).sort();
      return {
        rows: rows.map((row) => (row ? tokenOf((row as { data: TNotificationData }).data) : null)),
        events: [eventsOfA(), eventsOfB()],
        mails: [await mails(a.id), await mails(b.id)],
        unread: [await unreadCountOf(a.id), await unreadCountOf(b.id)],
      };
    }
    const notifications = t.app.services.notifications;
    const oneByOne = await outcome(async (list) => {
      const rows = [];
      for (const item of list) rows.push(await notifications.notify(item.userId, item.type, item.data));
      return rows;
    });
    const batched = await outcome((list) => notifications.notifyMany(list));
    expect(batched).toEqual(oneByOne);
    expect(batched.rows).toEqual(['tok-e1', 'tok-e2', null, 'tok-e4', null, null, 'tok-e7']);
    expect(batched.mails[0]).toHaveLength(3);
    expect(batched.mails[1]).toHaveLength(1);
  });

  it('checks every notice before writing anything', async () => {
    const a = await user();
    const broken = { userId: a.id, type: 'system_error', data: { lines: 'not lines' } } as unknown as Notice;
    await expect(
      t.app.services.notifications.notifyMany([notice(a.id, 'system_error', 'tok-valid'), broken]),
    ).rejects.toThrow();
    expect((await t.app.services.notifications.list(a.id, 1)).pagination.total).toBe(0);
  });
});

describe('notifyMany statements', () => {
  it('costs the same few statements for 3 notices as for 30, and none for none', async () => {
    const { service, jobs, statementsOf } = instrumentedService();
    const users = [await user(), await user(), await user()];
    await t.deps.db
      .insertInto('push_subscriptions')
      .values({
        user_id: users[0]!.id,
        endpoint: `https://push.example.com/${users[0]!.id}`,
        p256dh: 'k',
        auth: 'a',
      })
      .execute();
    // invoice_paid has a group (preferences read) and both the in-app and the email channel.
    const batch = (size: number) =>
      Array.from({ length: size }, (_, index) =>
        notice(users[index % users.length]!.id, 'invoice_paid', `tok-s${size}-${index}`),
      );
    // Emails, preferences, rows with their unread counts, push subscribers, mail deliveries.
    expect(await statementsOf(() => service.notifyMany(batch(3)))).toBe(5);
    expect(await statementsOf(() => service.notifyMany(batch(30)))).toBe(5);
    expect(await statementsOf(() => service.notifyMany([]))).toBe(0);
    // Default channels only (no group): no preferences read, no mail.
    expect(
      await statementsOf(() => service.notifyMany([notice(users[1]!.id, 'system_error', 'tok-s')])),
    ).toBe(3);
    const pushJobs = jobs.filter((job) => job.name === PUSH_JOB);
    expect(pushJobs).toHaveLength(1 + 10);
    expect(pushJobs.every((job) => (job.payload as { userId: number }).userId === users[0]!.id)).toBe(true);
  });
});

describe('mail batching', () => {
  const idsOf = (job: RecordedJob | undefined) =>
    (job?.payload as { deliveryIds?: string[] } | undefined)?.deliveryIds ?? [];

  /** The tokens of the deliveries with these ids, in the ids' order. */
  async function tokensOf(ids: readonly string[]) {
    if (ids.length === 0) return [];
    const rows = await t.deps.db
      .selectFrom('mail_deliveries')
      .select(['id', 'subject'])
      .where('id', 'in', [...ids])
      .execute();
    const tokens = new Map(rows.map((row) => [row.id, /tok-[\w-]+/.exec(row.subject)?.[0]]));
    return ids.map((id) => tokens.get(id));
  }

  /** The users' deliveries by their token. */
  async function deliveriesByToken(userIds: readonly number[]) {
    const rows = (await Promise.all(userIds.map((userId) => deliveriesOf(userId)))).flat();
    return (token: string) => rows.find((row) => row.subject.endsWith(token));
  }

  it('queues one job per batch carrying every delivery in the order written, and sends each once, in order', async () => {
    // An earlier test's mail job still waiting would take this batch in instead of a job of its own.
    await t.app.jobs.drain();
    const [a, b] = [await user(), await user()];
    const enqueue = vi.spyOn(t.app.jobs, 'enqueue');
    const before = smtp.received.length;
    await t.app.services.notifications.notifyMany([
      notice(a.id, 'invoice_paid', 'tok-m1'),
      notice(b.id, 'invoice_paid', 'tok-m2'),
      notice(a.id, 'payment_failed', 'tok-m3'),
      notice(a.id, 'email_verification_code', 'tok-m4'),
    ]);
    const mailJobs = enqueue.mock.calls.filter(([name]) => name === MAIL_JOB);
    expect(mailJobs).toHaveLength(1);
    const [, payload, options] = mailJobs[0]!;
    const { deliveryIds } = payload as { deliveryIds: string[] };
    expect(await tokensOf(deliveryIds)).toEqual(['tok-m1', 'tok-m2', 'tok-m3', 'tok-m4']);
    expect(options).toEqual({ jobId: deliveryIds[0], lane: MAIL_JOB });

    await t.app.jobs.drain();
    await until(() => smtp.received.length >= before + 4, 'the mails');
    expect(mailsTo(a.email)).toEqual(['tok-m1', 'tok-m3', 'tok-m4']);
    expect(mailsTo(b.email)).toEqual(['tok-m2']);
    for (const row of [...(await deliveriesOf(a.id)), ...(await deliveriesOf(b.id))]) {
      expect(row).toMatchObject({ status: 'sent', attempts: 1 });
    }

    // The same job again (a duplicate or a retry) sends nothing more.
    // deliverMail resolves once its sends are acknowledged; anything it queued instead has run after drain.
    await t.app.services.notifications.deliverMail({ deliveryIds });
    await t.app.jobs.drain();
    expect(mailsTo(a.email)).toHaveLength(3);
    expect(mailsTo(b.email)).toHaveLength(1);
  });

  it('adds later batches to the waiting in-process job; once it started, they get a job of their own', async () => {
    const { service, mailJobs } = instrumentedService();
    const [a, b] = [await user(), await user()];
    await service.notifyMany([
      notice(a.id, 'invoice_paid', 'tok-w1'),
      notice(b.id, 'invoice_paid', 'tok-w2'),
    ]);
    await service.notifyMany([
      notice(b.id, 'invoice_paid', 'tok-w3'),
      notice(a.id, 'invoice_paid', 'tok-w4'),
    ]);
    expect(mailJobs()).toHaveLength(1);
    const [first] = mailJobs();
    expect(await tokensOf(idsOf(first))).toEqual(['tok-w1', 'tok-w2', 'tok-w3', 'tok-w4']);
    expect(first?.options).toEqual({ jobId: idsOf(first)[0], lane: MAIL_JOB });

    await service.deliverMail(first?.payload);
    await until(() => mailsTo(a.email).length === 2 && mailsTo(b.email).length === 2, 'the mails');
    expect(mailsTo(a.email)).toEqual(['tok-w1', 'tok-w4']);
    expect(mailsTo(b.email)).toEqual(['tok-w2', 'tok-w3']);

    await service.notifyMany([notice(a.id, 'invoice_paid', 'tok-w5')]);
    expect(mailJobs()).toHaveLength(2);
    const second = mailJobs()[1];
    expect(second?.options).toEqual({ jobId: idsOf(second)[0], lane: MAIL_JOB });
    // The first job run again (a retry) is no longer the waiting one: the second stays waiting.
    await service.deliverMail(first?.payload);
    await service.notifyMany([notice(b.id, 'invoice_paid', 'tok-w6')]);
    expect(mailJobs()).toHaveLength(2);
    expect(await tokensOf(idsOf(second))).toEqual(['tok-w5', 'tok-w6']);
    expect(idsOf(first)).toHaveLength(4);

    await service.deliverMail(second?.payload);
    await until(() => mailsTo(a.email).length === 3 && mailsTo(b.email).length === 3, 'the later mails');
    expect(mailsTo(a.email)).toEqual(['tok-w1', 'tok-w4', 'tok-w5']);
    expect(mailsTo(b.email)).toEqual(['tok-w2', 'tok-w3', 'tok-w6']);
  });

  it('queues a job per batch with BullMQ, where a queued payload is stored and cannot grow', async () => {
    const { service, mailJobs } = instrumentedService('redis');
    const [a, b] = [await user(), await user()];
    await service.notifyMany([
      notice(a.id, 'invoice_paid', 'tok-r1'),
      notice(b.id, 'invoice_paid', 'tok-r2'),
    ]);
    await service.notifyMany([notice(a.id, 'invoice_paid', 'tok-r3')]);
    expect(mailJobs()).toHaveLength(2);
    expect(await tokensOf(idsOf(mailJobs()[0]))).toEqual(['tok-r1', 'tok-r2']);
    expect(await tokensOf(idsOf(mailJobs()[1]))).toEqual(['tok-r3']);
    for (const job of mailJobs()) expect(job.options).toEqual({ jobId: idsOf(job)[0], lane: MAIL_JOB });
  });

  it('claims, sends and marks a batch for several addresses in two statements', async () => {
    const { service, mailJobs, statementsOf } = instrumentedService();
    const [a, b] = [await user(), await user()];
    await service.notifyMany(
      [1, 2, 3, 4].map((n) => notice(n % 2 ? a.id : b.id, 'invoice_paid', `tok-c${n}`)),
    );
    const [job] = mailJobs();
    expect(mailJobs()).toHaveLength(1);
    expect(await statementsOf(() => service.deliverMail(job?.payload))).toBe(2);
    await until(() => mailsTo(a.email).length === 2 && mailsTo(b.email).length === 2, 'the mails');
    expect(mailsTo(a.email)).toEqual(['tok-c1', 'tok-c3']);
    expect(mailsTo(b.email)).toEqual(['tok-c2', 'tok-c4']);
  });

  it('marks what it sent every 50 mails, so a worker that dies mid-batch leaves at most that many to send again', async () => {
    const { service, mailJobs, held, statementsOf } = instrumentedService();
    const reader = await user();
    const tokens = Array.from({ length: 120 }, (_, index) => `tok-m${index + 1}`);
    await service.notifyMany(tokens.map((token) => notice(reader.id, 'invoice_paid', token)));
    const sentRows = async () =>
      (await deliveriesOf(reader.id)).filter((row) => row.status === 'sent').length;
    // The 61st send waits until the first 50 are marked in the database: a crash now would resend
    // only the ten sent since.
    let markedWhileSending = 0;
    held.set(
      'tok-m61',
      (async () => {
        const deadline = Date.now() + 5_000;
        for (;;) {
          markedWhileSending = await sentRows();
          if (markedWhileSending >= 50 || Date.now() >= deadline) return;
          await new Promise((resolve) => setTimeout(resolve, 10));
        }
      })(),
    );
    expect(await statementsOf(() => service.deliverMail(mailJobs()[0]?.payload))).toBe(4);
    expect(markedWhileSending).toBe(50);
    expect(mailsTo(reader.email)).toEqual(tokens);
    expect(await sentRows()).toBe(120);
  });

  it('sends to sixteen addresses side by side, so a slow address does not hold up the others', async () => {
    const { service, mailJobs, held, sends } = instrumentedService();
    const users: Awaited<ReturnType<typeof user>>[] = [];
    for (let index = 0; index < 18; index++) users.push(await user());
    await service.notifyMany(
      [1, 2].flatMap((n) => users.map((u, index) => notice(u.id, 'invoice_paid', `tok-p${index}-${n}`))),
    );
    const [slow, ...others] = users;
    // The slow address's first send waits until every other address has both its mails.
    held.set(
      'tok-p0-1',
      until(() => others.every((u) => mailsTo(u.email).length === 2), 'the other addresses'),
    );
    await service.deliverMail(mailJobs()[0]?.payload);
    expect(sends.mostInFlight).toBe(16);
    expect(mailsTo(slow!.email)).toEqual(['tok-p0-1', 'tok-p0-2']);
    users.forEach((u, index) => {
      expect(mailsTo(u.email)).toEqual([`tok-p${index}-1`, `tok-p${index}-2`]);
    });
    for (const row of (await Promise.all(users.map((u) => deliveriesOf(u.id)))).flat()) {
      expect(row).toMatchObject({ status: 'sent', attempts: 1 });
    }
  });

  it("when an address's send fails, sends the other addresses' mails, releases that address's rest, and the retry sends only those", async () => {
    const { service, mailJobs, failOnce, counter } = instrumentedService();
    const [a, b, c] = [await user(), await user(), await user()];
    const owners = [a, b, c, a, b, c, a];
    await service.notifyMany(owners.map((u, index) => notice(u.id, 'invoice_paid', `tok-f${index + 1}`)));
    const [job] = mailJobs();
    // a fails on its second mail, c on its first; b has no failure.
    failOnce.add('tok-f4');
    failOnce.add('tok-f3');

    const before = counter.statements;
    await expect(service.deliverMail(job?.payload)).rejects.toThrow(
      'Mail to 2 of 3 addresses failed: 451 try again later',
    );
    // The claim, the sent ones marked, the rest released.
    expect(counter.statements - before).toBe(3);
    expect(mailsTo(a.email)).toEqual(['tok-f1']);
    expect(mailsTo(b.email)).toEqual(['tok-f2', 'tok-f5']);
    expect(mailsTo(c.email)).toEqual([]);
    const afterFailure = await deliveriesByToken([a.id, b.id, c.id]);
    for (const token of ['tok-f1', 'tok-f2', 'tok-f5']) {
      expect(afterFailure(token)).toMatchObject({ status: 'sent', attempts: 1 });
    }
    for (const token of ['tok-f3', 'tok-f4', 'tok-f6', 'tok-f7']) {
      expect(afterFailure(token)).toMatchObject({ status: 'pending', attempts: 1, claimed_at: null });
    }

    // The queue's retry: the same payload claims only what was released.
    await service.deliverMail(job?.payload);
    await until(() => mailsTo(a.email).length >= 3 && mailsTo(c.email).length >= 2, 'the retried mails');
    await t.app.jobs.drain();
    expect(mailsTo(a.email)).toEqual(['tok-f1', 'tok-f4', 'tok-f7']);
    expect(mailsTo(b.email)).toEqual(['tok-f2', 'tok-f5']);
    expect(mailsTo(c.email)).toEqual(['tok-f3', 'tok-f6']);
    const afterRetry = await deliveriesByToken([a.id, b.id, c.id]);
    for (const token of ['tok-f1', 'tok-f2', 'tok-f5']) {
      expect(afterRetry(token)).toMatchObject({ status: 'sent', attempts: 1 });
    }
    for (const token of ['tok-f3', 'tok-f4', 'tok-f6', 'tok-f7']) {
      expect(afterRetry(token)).toMatchObject({ status: 'sent', attempts: 2 });
    }
  });

  it('still runs jobs stored in Redis before one job per batch: `{deliveryId}` and `{deliveryIds, lane}`', async () => {
    const { service, mailJobs } = instrumentedService('redis');
    const address = `solo-${Date.now()}@example.com`;
    await service.notifyEmail(address, 'email_verification_code', { lines: [{ content: 'tok-solo' }] });
    const [deliveryId] = idsOf(mailJobs()[0]);
    await service.deliverMail({ deliveryId });
    await until(() => mailsTo(address).length === 1, 'the mail');
    const row = await t.deps.db
      .selectFrom('mail_deliveries')
      .select('status')
      .where('id', '=', deliveryId as string)
      .executeTakeFirstOrThrow();
    expect(row.status).toBe('sent');

    const a = await user();
    await service.notifyMany([1, 2, 3].map((n) => notice(a.id, 'invoice_paid', `tok-o${n}`)));
    const deliveryIds = idsOf(mailJobs()[1]);
    await service.deliverMail({ deliveryIds, lane: `${MAIL_JOB}:${a.email}` });
    await until(() => mailsTo(a.email).length === 3, 'the mails');
    expect(mailsTo(a.email)).toEqual(['tok-o1', 'tok-o2', 'tok-o3']);
    for (const row of await deliveriesOf(a.id)) expect(row).toMatchObject({ status: 'sent', attempts: 1 });
  });
});
