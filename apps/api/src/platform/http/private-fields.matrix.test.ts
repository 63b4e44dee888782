import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertAlbum, insertArtist, insertTrack } from '../../modules/catalogue/catalogue.test-helper';
import { HIDDEN_ADDRESS } from '../../modules/users/address-redaction';
import { createTestApp, createTestUser, type TestApp } from '../../test/test-app';

/**
 * Issue 31: no answer shows another user's private account record. A subject with a unique
 * address and every private field set owns what the routes show (a public playlist, a comment, a
 * follow, a like, a repost, a workspace membership); every GET route of the table is requested by
 * every role, its path params filled with the seeded ids, and no body may carry the subject's
 * address or an object of the subject with a private field. Holders of users.update may.
 */
type Caller = { role: string; headers: Record<string, string> };

const SUBJECT_ID = 987_654;
const BANNED_ID = 987_655;
/** No display name and no full name: what others see must not fall back to the address. */
const NAMELESS_ID = 987_656;
const OTHERS = [SUBJECT_ID, BANNED_ID, NAMELESS_ID];
const PRIVATE_KEYS = [
  'email',
  'email_verified_at',
  'banned_at',
  'two_factor_confirmed_at',
  'two_factor_recovery_codes',
  'unread_notifications_count',
  'roles',
  'permissions',
  'subscriptions',
  'social_profiles',
  'tokens',
  'language',
  'timezone',
  'has_password',
  'two_factor_status',
] as const;
const VERIFIED_AT = '2001-02-03T04:05:06.789Z';
const TWO_FACTOR_AT = '2002-03-04T05:06:07.891Z';
const BANNED_AT = '2003-04-05T06:07:08.912Z';
const TIMEZONE = 'Antarctica/Troll';

let t: TestApp;
const callers: Caller[] = [];
let secrets: string[] = [];
const ids: Record<string, number> = {};

async function withRole(roleName: string, userId: number): Promise<void> {
  const role = await t.deps.db
    .selectFrom('roles')
    .select('id')
    .where('name', '=', roleName)
    .executeTakeFirstOrThrow();
  await t.deps.db.insertInto('user_role').values({ user_id: userId, role_id: role.id }).execute();
}

async function headersOf(userId: number): Promise<Record<string, string>> {
  const { cookie, xsrf } = await t.sessionCookie(userId);
  return { cookie, 'x-xsrf-token': xsrf, origin: t.env.APP_URL };
}

async function send(headers: Record<string, string>, method: 'POST' | 'PUT', url: string, payload: object) {
  const res = await t.app.inject({ method, url, headers, payload });
  if (res.statusCode >= 300) throw new Error(`${method} ${url}: ${res.statusCode} ${res.body}`);
  return res.json();
}

async function insertPrivateUser(id: number, email: string, bannedAt: string | null): Promise<void> {
  await t.deps.db
    .insertInto('users')
    .values({
      id,
      email,
      name: { [SUBJECT_ID]: 'Subject Sam', [BANNED_ID]: 'Banned Ben' }[id] ?? '',
      first_name: id === NAMELESS_ID ? null : 'Privatus',
      last_name: id === NAMELESS_ID ? null : 'Secretson',
      email_verified_at: new Date(VERIFIED_AT),
      two_factor_confirmed_at: new Date(TWO_FACTOR_AT),
      banned_at: bannedAt ? new Date(bannedAt) : null,
      timezone: TIMEZONE,
      language: 'qq',
    })
    .execute();
  await withRole('users', id);
  const grant = await t.deps.db
    .selectFrom('permissions')
    .select('id')
    .where('name', '=', 'workspaces.create')
    .executeTakeFirstOrThrow();
  await t.deps.db
    .insertInto('permissionables')
    .values({ permission_id: grant.id, permissionable_type: 'user', permissionable_id: id })
    .execute();
}

/** Everything the subject owns or does that some GET route shows. */
async function seedSubjectContent(
  listenerId: number,
  artistUserId: number,
  subjectEmail: string,
): Promise<void> {
  const subject = await headersOf(SUBJECT_ID);
  ids.artist = await insertArtist(t, 'Leak Artist', artistUserId);
  ids.album = await insertAlbum(t, 'Leak Album', ids.artist);
  ids.track = await insertTrack(t, { name: 'Leak Track', artistId: ids.artist, albumId: ids.album });
  const playlist = await send(subject, 'POST', '/api/v1/playlists', { name: 'Sam public', public: true });
  ids.playlist = playlist.playlist.id;
  await send(subject, 'POST', `/api/v1/playlists/${ids.playlist}/tracks`, { track_ids: [ids.track] });
  // The listener's own collaborative playlist with the subject as an editor.
  const listener = await headersOf(listenerId);
  const shared = await send(listener, 'POST', '/api/v1/playlists', {
    name: 'Shared',
    public: true,
    collaborative: true,
  });
  ids.sharedPlaylist = shared.playlist.id;
  await send(listener, 'POST', `/api/v1/playlists/${ids.sharedPlaylist}/collaborators`, {
    user_id: SUBJECT_ID,
  });
  const comment = await send(subject, 'POST', '/api/v1/comments', {
    commentable_type: 'track',
    commentable_id: ids.track,
    content: 'a comment by the subject',
  });
  ids.comment = comment.comment.id;
  await send(listener, 'POST', '/api/v1/comments', {
    commentable_type: 'track',
    commentable_id: ids.track,
    content: 'a reply to the subject',
    parent_id: ids.comment,
  }).catch(() => undefined);
  for (const [path, body] of [
    ['follows', { followable_type: 'user', followable_id: listenerId }],
    ['follows', { followable_type: 'artist', followable_id: ids.artist }],
    ['likes', { likeable_type: 'track', likeable_id: ids.track }],
    ['reposts', { repostable_type: 'track', repostable_id: ids.track }],
  ] as const)
    await send(subject, 'POST', `/api/v1/users/me/${path}`, body);
  await send(listener, 'POST', '/api/v1/users/me/follows', {
    followable_type: 'user',
    followable_id: SUBJECT_ID,
  });
  await send(subject, 'PUT', '/api/v1/users/me/profile', { description: 'Public words', city: 'Town' });
  await send(subject, 'POST', '/api/v1/backstage-requests', {
    type: 'become_artist',
    artist_name: 'Sam Sings',
  });
  const file = await t.deps.db
    .insertInto('file_entries')
    .values({
      name: 'sam.mp3',
      file_name: 'sam.mp3',
      mime: 'audio/mpeg',
      extension: 'mp3',
      file_size: 1000,
      path: 'sam',
      disk: 'uploads',
      driver: 'local',
      owner_id: SUBJECT_ID,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  ids.file = file.id;
  // The banned user followed the listener before the ban, and commented.
  await t.deps.db
    .insertInto('follows')
    .values({ follower_id: BANNED_ID, followable_type: 'user', followable_id: listenerId })
    .execute();
  // The nameless user follows the listener, comments and owns a public playlist.
  const nameless = await headersOf(NAMELESS_ID);
  await send(nameless, 'POST', '/api/v1/users/me/follows', {
    followable_type: 'user',
    followable_id: listenerId,
  });
  await send(nameless, 'POST', '/api/v1/comments', {
    commentable_type: 'track',
    commentable_id: ids.track,
    content: 'a comment by someone without a name',
  });
  await send(nameless, 'POST', '/api/v1/playlists', { name: 'Nameless public', public: true });
  await t.deps.db
    .insertInto('notifications')
    .values({
      id: randomBytes(16)
        .toString('hex')
        .replace(/^(.{8})(.{4})(.{4})(.{4})/, '$1-$2-$3-$4-'),
      user_id: SUBJECT_ID,
      type: 'system_error',
      data: JSON.stringify({ lines: [] }),
    } as never)
    .execute()
    .catch(() => undefined);
  // A workspace of the subject's where every signed-in caller is a plain member.
  const workspace = await send(subject, 'POST', '/api/v1/workspace', { name: 'Sam team' });
  ids.workspace = workspace.workspace.id;
  await seedAddressLogs(subjectEmail);
}

/** What names the subject by address under logs.view and subscriptions.update (design 3: admin-only). */
async function seedAddressLogs(subjectEmail: string): Promise<void> {
  await t.deps.db
    .insertInto('mail_log')
    .values({
      to: subjectEmail,
      subject: `Welcome ${subjectEmail}`,
      driver: 'log',
      status: 'logged',
      body: `Reset: /password/reset/x?email=${encodeURIComponent(subjectEmail)} or write to ${subjectEmail}.`,
      error: null,
      created_at: new Date(),
    })
    .execute();
  // An admin changed the subject's address; the subject acted too (the search matches actors).
  await t.deps.db
    .insertInto('audit_log')
    .values([
      {
        actor_id: null,
        action: 'users.update',
        subject_type: 'users',
        subject_id: String(SUBJECT_ID),
        before: JSON.stringify({ name: 'Subject Sam', email: `old.${subjectEmail}` }),
        after: JSON.stringify({ name: 'Subject Sam', email: subjectEmail }),
        ip_address: null,
        created_at: new Date(),
      },
      {
        actor_id: SUBJECT_ID,
        action: 'playlists.update',
        subject_type: 'playlists',
        subject_id: String(ids.playlist),
        before: null,
        after: null,
        ip_address: null,
        created_at: new Date(),
      },
    ])
    .execute();
  const product = await t.deps.db
    .insertInto('products')
    .values({
      name: 'Leak Plan',
      description: null,
      feature_list: '[]',
      upload_minutes: null,
      stripe_id: null,
      paypal_id: null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await t.deps.db
    .insertInto('subscriptions')
    .values({
      user_id: SUBJECT_ID,
      product_id: product.id,
      price_id: null,
      gateway_name: 'none',
      gateway_id: null,
      status: 'active',
      renews_at: null,
      ends_at: null,
      updated_at: new Date(),
    })
    .execute();
}

/** Every way a route's path params can be filled from the seeded ids. */
function fills(url: string): string[] {
  const names = [...url.matchAll(/:(\w+)/g)].map((match) => match[1] as string);
  if (names.length === 0) return [url.replace(/\*/g, 'x')];
  const candidates = (name: string): string[] => {
    if (/^user/i.test(name)) return OTHERS.map(String);
    if (/^workspace/i.test(name)) return [String(ids.workspace)];
    if (name === 'subject' || name === 'seedType') return ['artist', 'track', 'album', 'playlist', 'user'];
    if (/^(id|ids|seedId|slugOrId|idOrSlug)$/.test(name))
      return [...new Set([...OTHERS, ...Object.values(ids)])].map(String);
    return ['1'];
  };
  let urls = [url.replace(/\*/g, 'x')];
  for (const name of names) {
    urls = urls.flatMap((partial) => candidates(name).map((value) => partial.replace(`:${name}`, value)));
  }
  return urls;
}

function queries(): string[] {
  return [
    '',
    `?query=Sam&perPage=50&with=owner,editors,user,users,collaborators,tracks,members&commentable_type=track&commentable_id=${ids.track}`,
    `?query=${encodeURIComponent(secrets[0] ?? '')}&perPage=50`,
  ];
}

/** Where in a body the subject's private record shows: its address, or a private key of an object of theirs. */
function leaksIn(body: string, url: string): string[] {
  const found: string[] = [];
  const lower = body.toLowerCase();
  const asked = decodeURIComponent(url).toLowerCase();
  // What the caller typed may come back (a search echoes its query); nothing else may.
  for (const secret of secrets) {
    const value = secret.toLowerCase();
    if (lower.includes(value) && !asked.includes(value)) found.push(`contains ${secret}`);
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(body);
  } catch {
    return found;
  }
  const walk = (value: unknown, path: string) => {
    if (Array.isArray(value)) {
      for (const [index, item] of value.entries()) walk(item, `${path}[${index}]`);
      return;
    }
    if (!value || typeof value !== 'object') return;
    const record = value as Record<string, unknown>;
    if (OTHERS.includes(record.id as number)) {
      for (const key of PRIVATE_KEYS)
        if (key in record && !(key === 'email' && record[key] === HIDDEN_ADDRESS))
          found.push(`${path}.${key}`);
    }
    for (const [key, child] of Object.entries(record)) walk(child, `${path}.${key}`);
  };
  walk(parsed, '$');
  return found;
}

beforeAll(async () => {
  t = await createTestApp({ env: { RATE_LIMIT_MAX: '1000000' } });
  await t.app.services.settings.save({
    client: { 'player.track_comments': true, 'player.enable_repost': true },
  });
  const tag = randomBytes(5).toString('hex');
  const subjectEmail = `private.subject.${tag}@leak.example`;
  const bannedEmail = `banned.subject.${tag}@leak.example`;
  secrets = [
    subjectEmail,
    bannedEmail,
    `private.subject.${tag}`,
    `nameless.${tag}`,
    VERIFIED_AT,
    TWO_FACTOR_AT,
    BANNED_AT,
    TIMEZONE,
  ];
  await insertPrivateUser(SUBJECT_ID, subjectEmail, null);
  await insertPrivateUser(BANNED_ID, bannedEmail, null);
  await insertPrivateUser(NAMELESS_ID, `nameless.${tag}@leak.example`, null);

  const listenerId = await createTestUser(t.deps);
  await withRole('users', listenerId);
  const artistId = await createTestUser(t.deps);
  await withRole('users', artistId);
  await withRole('artists', artistId);
  // Staff without users.update: every admin-area grant of moderation and content, none on accounts.
  const moderatorId = await createTestUser(t.deps, {
    permissions: [
      'admin.access',
      'comments.update',
      'comments.delete',
      'playlists.update',
      'playlists.delete',
      'music.update',
      'users.view',
      'workspaces.view',
    ],
  });
  await withRole('users', moderatorId);
  // Staff with every grant but users.update (logs.view and subscriptions.update included: the mail
  // log, audit log and subscriptions hide addresses from them): the admin area's lists, none of
  // the records.
  const allButAccounts = await t.deps.db
    .selectFrom('permissions')
    .select('name')
    .where('name', 'not in', ['admin', 'users.update'])
    .execute();
  const staffId = await createTestUser(t.deps, { permissions: allButAccounts.map((row) => row.name) });
  await seedSubjectContent(listenerId, artistId, subjectEmail);
  // Banned last: what the banned user did stays in the tables.
  await t.deps.db
    .updateTable('users')
    .set({ banned_at: new Date(BANNED_AT) })
    .where('id', '=', BANNED_ID)
    .execute();
  // The callers are plain members of the subject's workspace, which has a pending invitation.
  const subject = await headersOf(SUBJECT_ID);
  for (const memberId of [listenerId, artistId, moderatorId, staffId]) {
    await t.deps.db
      .insertInto('workspace_members')
      .values({ workspace_id: Number(ids.workspace), user_id: memberId, role: 'member' })
      .execute();
  }
  await send(subject, 'POST', `/api/v1/workspace/${ids.workspace}/invite`, {
    emails: [`invitee.${tag}@leak.example`],
  });
  secrets.push(`invitee.${tag}@leak.example`);
  callers.push(
    { role: 'guest', headers: {} },
    { role: 'listener', headers: await headersOf(listenerId) },
    { role: 'artist', headers: await headersOf(artistId) },
    { role: 'moderator', headers: await headersOf(moderatorId) },
    { role: 'staff without users.update', headers: await headersOf(staffId) },
  );
}, 120_000);
afterAll(async () => t?.close());

describe('no GET route shows another user their private record', () => {
  it('leaks no address or private field of another user, for every GET route and role', async () => {
    const routes = t.app.accessTable().filter((row) => row.method === 'GET');
    const leaks: string[] = [];
    let requests = 0;
    let answered = 0;
    const hitRoutes = new Set<string>();
    for (const route of routes) {
      for (const url of fills(route.url)) {
        for (const query of queries()) {
          // The callers' requests of one url at once: GETs, read-only for these checks, and the
          // database (a pool of 4 on PostgreSQL) answers them side by side instead of in turn.
          const answers = await Promise.all(
            callers.map(async (caller) => ({
              caller,
              res: await t.app.inject({ method: 'GET', url: url + query, headers: caller.headers }),
            })),
          );
          for (const { caller, res } of answers) {
            requests += 1;
            if (res.statusCode < 300) {
              answered += 1;
              hitRoutes.add(route.url);
            }
            for (const leak of leaksIn(res.body, url + query))
              leaks.push(`GET ${route.url} as ${caller.role}: ${leak}`);
          }
        }
      }
    }
    console.log(
      `private fields: ${routes.length} GET routes, ${requests} requests, ${answered} answered 2xx on ${hitRoutes.size} routes`,
    );
    console.log(
      `never 2xx: ${routes
        .map((route) => route.url)
        .filter((url) => !hitRoutes.has(url))
        .join(' ')}`,
    );
    expect(requests).toBeGreaterThan(500);
    expect([...new Set(leaks)]).toEqual([]);
  }, 600_000);

  it('shows the seeded record to the user themselves and to a holder of users.update', async () => {
    const adminId = await createTestUser(t.deps, { permissions: ['users.view', 'users.update'] });
    for (const headers of [await headersOf(SUBJECT_ID), await headersOf(adminId)]) {
      const res = await t.app.inject({ url: `/api/v1/users/${SUBJECT_ID}`, headers });
      expect(res.statusCode).toBe(200);
      expect(res.json().user).toMatchObject({
        email: secrets[0],
        email_verified_at: VERIFIED_AT,
        two_factor_confirmed_at: TWO_FACTOR_AT,
        timezone: TIMEZONE,
      });
    }
  });

  it('matches a search on an address only for holders of users.update (no confirming one)', async () => {
    const staff = callers.find((caller) => caller.role === 'staff without users.update');
    const adminId = await createTestUser(t.deps, {
      permissions: ['users.update', 'backstageRequests.view', 'files.update', 'logs.view', 'admin.access'],
    });
    const admin = await headersOf(adminId);
    const query = `?query=${encodeURIComponent(secrets[0] ?? '')}&perPage=50`;
    const totals = async (headers: Record<string, string> | undefined) => {
      const found: Record<string, number> = {};
      for (const path of ['/api/v1/backstage-requests', '/api/v1/file-entries', '/api/v1/audit-log']) {
        const res = await t.app.inject({ url: path + query, headers });
        expect(res.statusCode, `${path}: ${res.body}`).toBe(200);
        found[path] = res.json().pagination.data.length;
      }
      return found;
    };
    expect(await totals(staff?.headers)).toEqual({
      '/api/v1/backstage-requests': 0,
      '/api/v1/file-entries': 0,
      '/api/v1/audit-log': 0,
    });
    const forAdmin = await totals(admin);
    for (const count of Object.values(forAdmin)) expect(count).toBeGreaterThan(0);
  });

  it('shows addresses in the mail log, audit log and subscriptions to holders of users.update', async () => {
    const adminId = await createTestUser(t.deps, {
      permissions: ['users.update', 'logs.view', 'subscriptions.update', 'admin.access'],
    });
    const admin = await headersOf(adminId);
    for (const path of [
      '/api/v1/logs/outgoing-email',
      '/api/v1/audit-log',
      '/api/v1/billing/admin/subscriptions',
    ]) {
      const res = await t.app.inject({ url: `${path}?perPage=50`, headers: admin });
      expect(res.statusCode, path).toBe(200);
      expect(res.body, path).toContain(secrets[0]);
      expect(res.body, path).not.toContain(HIDDEN_ADDRESS);
    }
  });

  it("answers a listener's GET users/{other id} with the public projection only", async () => {
    const listener = callers.find((caller) => caller.role === 'listener');
    const res = await t.app.inject({ url: `/api/v1/users/${SUBJECT_ID}`, headers: listener?.headers });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ user: { id: SUBJECT_ID, name: 'Subject Sam', image: null } });
    const admin = await t.deps.db.selectFrom('users').select('id').orderBy('id').executeTakeFirstOrThrow();
    const first = await t.app.inject({ url: `/api/v1/users/${admin.id}`, headers: listener?.headers });
    expect(Object.keys(first.json().user).sort()).toEqual(['id', 'image', 'name']);
    const banned = await t.app.inject({ url: `/api/v1/users/${BANNED_ID}`, headers: listener?.headers });
    expect(banned.statusCode).toBe(404);
  });
});
