import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app';
import { mailText, startSmtpPeer } from '../auth/smtp-peer';
import { actor, type Headers, insertArtist, insertTrack } from '../catalogue/catalogue.test-helper';

let t: TestApp;
let smtp: Awaited<ReturnType<typeof startSmtpPeer>>;
type Actor = { id: number; headers: Headers };
let alice: Actor;
let bob: Actor;
let trackId: number;
const listener = ['comments.create', 'comments.view', 'music.view'];

beforeAll(async () => {
  smtp = await startSmtpPeer();
  t = await createTestApp({ env: { MAIL_URL: smtp.url, NOTIF_SUBS_INTEGRATED: 'true' } });
  await t.app.services.settings.save({ client: { 'player.track_comments': true } });
  alice = await actor(t, listener);
  bob = await actor(t, listener);
  trackId = await insertTrack(t, { name: 'Night Drive', artistId: await insertArtist(t, 'Notify Artist') });
}, 60_000);
afterAll(async () => {
  await t?.close();
  await smtp?.close();
});

async function comment(by: Actor, content: string, parentId?: number) {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/v1/comments',
    headers: by.headers,
    payload: { commentable_type: 'track', commentable_id: trackId, content, parent_id: parentId },
  });
  expect(res.statusCode).toBe(201);
  return res.json().comment as { id: number };
}

const list = (by: Actor, query = '') =>
  t.app.inject({ url: `/api/v1/notifications${query}`, headers: by.headers });
const markAsRead = (by: Actor, payload: Record<string, unknown>) =>
  t.app.inject({ method: 'POST', url: '/api/v1/notifications/mark-as-read', headers: by.headers, payload });
const unreadInBootstrap = async (by: Actor) =>
  (await t.app.inject({ url: '/api/v1/bootstrap-data', headers: by.headers })).json().bootstrapData.user
    .unread_notifications_count;

describe('notify() through a comment reply', () => {
  it("writes a row in spec 3's shape for the parent's author, never for a self-reply", async () => {
    const root = await comment(alice, 'Great bassline');
    await comment(alice, 'replying to myself', root.id);
    expect((await list(alice)).json().pagination.data).toHaveLength(0);

    await comment(bob, 'x'.repeat(300), root.id);
    const res = await list(alice);
    expect(res.statusCode).toBe(200);
    const [row] = res.json().pagination.data;
    expect(row).toMatchObject({ type: 'comment_reply', read_at: null });
    expect(row.id).toMatch(/^[0-9a-f-]{36}$/);
    expect(row.data.lines[0]).toEqual({ type: 'primary', content: 'Test User replied to your comment:' });
    expect(row.data.lines[1].content).toHaveLength(180);
    expect(row.data.lines[2].content).toBe('on Night Drive');
    expect(row.data.mainAction).toEqual({ action: `/track/${trackId}/night-drive`, label: 'View comment' });
    expect(await unreadInBootstrap(alice)).toBe(1);
  });

  it('sends the email channel through the queue once, and not at all when the user turned it off', async () => {
    // The earlier tests' mail jobs have sent (the peer keeps a mail before it acknowledges it).
    await t.app.jobs.drain();
    const before = smtp.received.length;
    const root = await comment(alice, 'Mail me');
    await comment(bob, 'a reply by mail', root.id);
    await t.app.jobs.drain();
    const mail = await smtp.waitFor(await emailOf(alice), before);
    expect(mailText(mail.raw)).toContain('a reply by mail');
    const delivery = await t.deps.db
      .selectFrom('mail_deliveries')
      .selectAll()
      .where('user_id', '=', alice.id)
      .orderBy('created_at', 'desc')
      .executeTakeFirstOrThrow();
    expect(delivery.status).toBe('sent');
    // A retried or duplicated job for the same delivery sends nothing more.
    await t.app.services.notifications.deliverMail({ deliveryId: delivery.id });
    await t.app.jobs.drain();
    expect(smtp.received.length).toBe(before + 1);

    const off = await t.app.inject({
      method: 'PUT',
      url: '/api/v1/notifications/me/subscriptions',
      headers: alice.headers,
      payload: { selections: [{ notif_id: 'comment_reply', channels: { email: false } }] },
    });
    expect(off.json()).toEqual({ message: 'Updated preferences' });
    const count = smtp.received.length;
    await comment(bob, 'no mail for this one', root.id);
    await t.app.jobs.drain();
    expect(smtp.received.length).toBe(count);
    // The in-app row still arrives: only the email channel is off.
    expect((await list(alice)).json().pagination.data[0].data.lines[1].content).toBe('no mail for this one');
  });
});

async function emailOf(who: Actor) {
  const row = await t.deps.db
    .selectFrom('users')
    .select('email')
    .where('id', '=', who.id)
    .executeTakeFirstOrThrow();
  return row.email;
}

describe('preferences (spec 3 "Notification subscription settings")', () => {
  it('answers available_channels, groups and selections; every channel starts on', async () => {
    const fresh = await actor(t, listener);
    const res = await t.app.inject({ url: '/api/v1/notifications/me/subscriptions', headers: fresh.headers });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.available_channels).toEqual(['email', 'browser']);
    expect(body.subscriptions.map((g: { group_name: string }) => g.group_name)).toContain('Music');
    expect(body.user_selections.find((s: { notif_id: string }) => s.notif_id === 'comment_reply')).toEqual({
      notif_id: 'comment_reply',
      channels: { email: true, browser: true },
    });
  });

  it('refuses unknown types and channels with 422', async () => {
    for (const payload of [
      { selections: [{ notif_id: 'nope', channels: { email: true } }] },
      { selections: [{ notif_id: 'comment_reply', channels: { pigeon: true } }] },
      { selections: [] },
      {},
    ]) {
      const res = await t.app.inject({
        method: 'PUT',
        url: '/api/v1/notifications/me/subscriptions',
        headers: alice.headers,
        payload,
      });
      expect(res.statusCode, JSON.stringify(payload)).toBe(422);
      expect(res.json().errors).toBeDefined();
    }
  });
});

describe("one user never reaches another's notifications", () => {
  it('cannot list, mark or delete them', async () => {
    const root = await comment(bob, 'bob speaks');
    await comment(alice, 'alice answers', root.id);
    const bobs = (await list(bob)).json().pagination.data;
    const target = bobs[0].id as string;
    expect((await list(alice)).json().pagination.data.map((n: { id: string }) => n.id)).not.toContain(target);

    const bobUnread = await unreadInBootstrap(bob);
    const mark = await markAsRead(alice, { ids: [target] });
    expect(mark.statusCode).toBe(200);
    const after = (await list(bob)).json().pagination.data.find((n: { id: string }) => n.id === target);
    expect(after.read_at).toBeNull();
    expect(await unreadInBootstrap(bob)).toBe(bobUnread);

    const del = await t.app.inject({
      method: 'DELETE',
      url: `/api/v1/notifications/${target}`,
      headers: alice.headers,
    });
    expect(del.statusCode).toBe(404);
    expect((await list(bob)).json().pagination.data.map((n: { id: string }) => n.id)).toContain(target);

    const guest = await t.app.inject({ url: '/api/v1/notifications' });
    expect(guest.statusCode).toBe(401);
  });

  it('validates mark-as-read input', async () => {
    for (const payload of [
      {},
      { ids: [] },
      { ids: ['not-a-uuid'] },
      { ids: 'x' },
      { markAllAsUnread: 'yes' },
    ]) {
      const res = await markAsRead(alice, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(422);
    }
    const bad = await t.app.inject({
      method: 'DELETE',
      url: '/api/v1/notifications/12',
      headers: alice.headers,
    });
    expect(bad.statusCode).toBe(422);
  });
});

describe('10,000 notifications for one user', () => {
  it('page correctly 30 at a time, and mark-all is one statement that zeroes the count', async () => {
    const heavy = await actor(t, listener);
    await sql`
      insert into notifications (user_id, type, data, created_at)
      select ${heavy.id}, 'system_error', jsonb_build_object('lines', jsonb_build_array(jsonb_build_object('content', 'n' || g))),
             now() - (g || ' seconds')::interval
      from generate_series(1, 10000) as g`.execute(t.deps.db);
    await t.deps.db
      .updateTable('users')
      .set({ unread_notifications_count: 10_000 })
      .where('id', '=', heavy.id)
      .execute();

    const first = (await list(heavy)).json().pagination;
    expect(first).toMatchObject({ current_page: 1, per_page: 30, total: 10_000, last_page: 334 });
    expect(first.data).toHaveLength(30);
    expect(first.data[0].data.lines[0].content).toBe('n1');
    const last = (await list(heavy, '?page=334')).json().pagination;
    expect(last.data).toHaveLength(10);
    expect(last.data.at(-1).data.lines[0].content).toBe('n10000');
    const middle = (await list(heavy, '?page=100')).json().pagination.data;
    expect(middle[0].data.lines[0].content).toBe('n2971');
    expect((await list(heavy, '?perPage=31')).statusCode).toBe(422);

    let statements = 0;
    const counting = t.deps.db.withPlugin({
      transformQuery: (args) => {
        statements += 1;
        return args.node;
      },
      transformResult: async (args) => args.result,
    });
    const notificationsRepository = await import('./notifications.repository');
    // One statement, whatever the count: the cost is the benchmark's to measure, not a clock here.
    expect(await notificationsRepository.markAllRead(counting, heavy.id)).toBe(0);
    expect(statements).toBe(1);
    const unread = await t.deps.db
      .selectFrom('notifications')
      .select(sql<number>`count(*)::int`.as('n'))
      .where('user_id', '=', heavy.id)
      .where('read_at', 'is', null)
      .executeTakeFirstOrThrow();
    expect(unread.n).toBe(0);
    expect(await unreadInBootstrap(heavy)).toBe(0);
  });

  it('marks chosen ids and answers the new unread count', async () => {
    const fresh = await actor(t, listener);
    const ids: string[] = [];
    for (let i = 0; i < 3; i++) {
      const n = await t.app.services.notifications.notify(fresh.id, 'system_error', {
        lines: [{ content: `oops ${i}` }],
      });
      if (n) ids.push(n.id);
    }
    expect(await unreadInBootstrap(fresh)).toBe(3);
    const res = await markAsRead(fresh, { ids: [ids[0], ids[1], ids[0]] });
    expect(res.json()).toEqual({ unreadCount: 1 });
    const all = await markAsRead(fresh, { markAllAsUnread: true });
    expect(all.json()).toEqual({ unreadCount: 0 });
    const del = await t.app.inject({
      method: 'DELETE',
      url: `/api/v1/notifications/${ids[2]}`,
      headers: fresh.headers,
    });
    expect(del.json()).toEqual({ unreadCount: 0 });
    expect((await list(fresh)).json().pagination.total).toBe(2);
  });
});

describe('Web Push subscriptions (bad input)', () => {
  it('refuses an endpoint on the own network of the api with 422 and stores nothing', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/notifications/push/subscriptions',
      headers: alice.headers,
      payload: { endpoint: 'https://169.254.169.254/latest/meta-data', keys: { p256dh: 'x', auth: 'y' } },
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.endpoint).toBe('This push service address is not allowed.');
    expect(await t.app.services.notifications.webPush.hasSubscriptions(alice.id)).toBe(false);
  });
});
