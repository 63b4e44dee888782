import { hasPermissionNamed } from '@cadence/permissions/can';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertArtist, insertTrack } from '../../modules/catalogue/catalogue.test-helper';
import { createTestApp, createTestUser, type TestApp } from '../../test/test-app';
import { type AccessTableRow, permissionsOf, type RouteAccess } from './route-access';

/**
 * The access matrix, generated from the route table: every registered route, for a guest, a
 * listener, an artist and an admin, with an empty and with a garbage body. A refused caller gets
 * exactly the 401/403 its declared access says, whatever the body (never a 422 first), nothing
 * answers 5xx, and refused requests write nothing. A new route is covered without a new test.
 */
type Role = 'guest' | 'listener' | 'artist' | 'admin';
type Caller = { role: Role; headers: Record<string, string>; permissions: string[] };

let t: TestApp;
const callers: Caller[] = [];
let guestPermissions: string[] = [];

async function rolePermissions(roleName: string): Promise<string[]> {
  const rows = await t.deps.db
    .selectFrom('permissionables')
    .innerJoin('permissions', 'permissions.id', 'permissionables.permission_id')
    .innerJoin('roles', 'roles.id', 'permissionables.permissionable_id')
    .where('permissionables.permissionable_type', '=', 'role')
    .where('roles.name', '=', roleName)
    .select('permissions.name')
    .execute();
  return rows.map((row) => row.name);
}

async function signedIn(role: Role, userId: number, permissions: string[]): Promise<Caller> {
  const { cookie, xsrf } = await t.sessionCookie(userId);
  return { role, permissions, headers: { cookie, 'x-xsrf-token': xsrf } };
}

async function withRoles(roleNames: string[]): Promise<number> {
  const userId = await createTestUser(t.deps);
  for (const name of roleNames) {
    const role = await t.deps.db
      .selectFrom('roles')
      .select('id')
      .where('name', '=', name)
      .executeTakeFirstOrThrow();
    await t.deps.db.insertInto('user_role').values({ user_id: userId, role_id: role.id }).execute();
  }
  return userId;
}

/** What the declaration says this caller gets: undefined when the route lets them through. */
function expectedRefusal(access: RouteAccess, caller: Caller): 401 | 403 | undefined {
  if (access === 'public') return undefined;
  const isGuest = caller.role === 'guest';
  if (access === 'user') return isGuest ? 401 : undefined;
  if (isGuest && access.signedIn) return 401;
  const subject = isGuest
    ? { user: null, guestRole: { permissions: guestPermissions.map((name) => ({ name, restrictions: [] })) } }
    : {
        user: { permissions: caller.permissions.map((name) => ({ name, restrictions: [] })) },
        guestRole: null,
      };
  const isAllowed = permissionsOf(access).some((name) => hasPermissionNamed(subject, name));
  if (isAllowed) return undefined;
  return isGuest ? 401 : 403;
}

function concreteUrl(url: string): string {
  return url.replace(/:\w+/g, '1').replace(/\*/g, 'x');
}

const BODIES = [
  { label: 'empty', payload: '{}' },
  { label: 'garbage', payload: '{"name": [[[' },
] as const;

async function rowCounts(): Promise<Record<string, number>> {
  const tables = await sql<{ table_name: string }>`
    select table_name from information_schema.tables
    where table_schema = 'public' and table_type = 'BASE TABLE' and table_name not like 'kysely_%'
    order by table_name`.execute(t.deps.db);
  const counts: Record<string, number> = {};
  for (const { table_name } of tables.rows) {
    // Sessions and tokens are touched by every signed-in request, never created by one.
    const result = await sql<{
      count: number;
    }>`select count(*)::int as count from ${sql.table(table_name)}`.execute(t.deps.db);
    counts[table_name] = result.rows[0]?.count ?? 0;
  }
  return counts;
}

beforeAll(async () => {
  t = await createTestApp({ env: { RATE_LIMIT_MAX: '1000000' } });
  await t.app.services.settings.save({ client: { 'player.track_comments': true } });
  guestPermissions = await rolePermissions('guests');
  const listenerPermissions = await rolePermissions('users');
  const artistPermissions = [...listenerPermissions, ...(await rolePermissions('artists'))];
  const admin = await t.deps.db.selectFrom('users').select('id').orderBy('id').executeTakeFirstOrThrow();
  callers.push(
    { role: 'guest', headers: {}, permissions: [] },
    await signedIn('listener', await withRoles(['users']), listenerPermissions),
    await signedIn('artist', await withRoles(['users', 'artists']), artistPermissions),
    await signedIn('admin', admin.id, ['admin']),
  );
}, 60_000);
afterAll(async () => t?.close());

function routesOf(table: AccessTableRow[]): AccessTableRow[] {
  return table.filter((row) => row.method !== 'HEAD' && row.method !== 'OPTIONS');
}

describe('the access matrix over every registered route', () => {
  it("refuses a listener's writes to another listener's playlist and comment (ownership)", async () => {
    const owner = await signedIn('listener', await withRoles(['users']), []);
    const stranger = await signedIn('listener', await withRoles(['users']), []);
    const send = (caller: Caller, method: 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown) =>
      t.app.inject({
        method,
        url,
        headers: { ...caller.headers, origin: t.env.APP_URL },
        payload: payload as object,
      });
    const playlist = (await send(owner, 'POST', '/api/v1/playlists', { name: 'Mine' })).json().playlist;
    const track = { id: await insertTrack(t, { name: 'Owned', artistId: await insertArtist(t, 'Owner') }) };
    const created = await send(owner, 'POST', '/api/v1/comments', {
      commentable_type: 'track',
      commentable_id: track.id,
      content: 'mine',
    });
    expect(created.statusCode).toBe(201);
    const comment = created.json().comment;
    const before = await rowCounts();
    const attempts = [
      await send(stranger, 'PUT', `/api/v1/playlists/${playlist.id}`, { name: 'Taken' }),
      await send(stranger, 'POST', `/api/v1/playlists/${playlist.id}/tracks`, { track_ids: [track.id] }),
      await send(stranger, 'DELETE', `/api/v1/playlists/${playlist.id}`),
      await send(stranger, 'PUT', `/api/v1/comments/${comment.id}`, { content: 'edited' }),
      await send(stranger, 'DELETE', `/api/v1/comments/${comment.id}`),
    ];
    expect(attempts.map((res) => res.statusCode)).toEqual([403, 403, 403, 403, 403]);
    expect(await rowCounts()).toEqual(before);
    const kept = await t.deps.db
      .selectFrom('playlists')
      .select('name')
      .where('id', '=', playlist.id)
      .executeTakeFirst();
    expect(kept?.name).toBe('Mine');
  });

  it('refuses exactly where the declared access says, before reading the body, and writes nothing', async () => {
    const routes = routesOf(t.app.accessTable());
    const cells = routes.length * callers.length * BODIES.length;
    console.log(
      `access matrix: ${routes.length} routes x ${callers.length} roles x ${BODIES.length} bodies = ${cells} cells`,
    );
    const before = await rowCounts();
    const mismatches: string[] = [];
    let refused = 0;
    for (const route of routes) {
      for (const caller of callers) {
        const expected = expectedRefusal(route.access, caller);
        if (expected === undefined) continue;
        for (const body of BODIES) {
          refused += 1;
          const res = await t.app.inject({
            method: route.method as 'GET',
            url: concreteUrl(route.url),
            headers: { ...caller.headers, 'content-type': 'application/json', origin: t.env.APP_URL },
            payload: route.method === 'GET' ? undefined : body.payload,
          });
          if (res.statusCode !== expected) {
            mismatches.push(
              `${route.method} ${route.url} as ${caller.role} (${body.label}): ${res.statusCode}, expected ${expected}`,
            );
          }
        }
      }
    }
    expect(mismatches).toEqual([]);
    expect(refused).toBeGreaterThan(100);
    // Refused requests wrote nothing (sessions excepted: they are only touched).
    expect(await rowCounts()).toEqual(before);
  }, 600_000);

  it("answers no zod default message: every body schema's errors are readable lines", async () => {
    const admin = callers.find((caller) => caller.role === 'admin');
    if (!admin) throw new Error('no admin caller');
    const zodDefaults =
      /Invalid input|expected \w+, received|Too (small|big)|Invalid option|Unrecognized key|Invalid (string|element|key)/;
    const leaks: string[] = [];
    let checked = 0;
    for (const route of routesOf(t.app.accessTable())) {
      const shape = (route.body as { shape?: Record<string, unknown> } | undefined)?.shape;
      if (!shape) continue;
      const wrongTypes = Object.fromEntries(Object.keys(shape).map((key) => [key, { bogus: [true] }]));
      for (const payload of [{}, wrongTypes]) {
        const res = await t.app.inject({
          method: route.method as 'POST',
          url: concreteUrl(route.url),
          headers: { ...admin.headers, 'content-type': 'application/json', origin: t.env.APP_URL },
          payload,
        });
        if (res.statusCode !== 422) continue;
        checked += 1;
        const { message, errors } = res.json() as { message: string; errors?: Record<string, string[]> };
        for (const text of [message, ...Object.values(errors ?? {}).flat()]) {
          if (zodDefaults.test(text)) leaks.push(`${route.method} ${route.url}: ${text}`);
        }
      }
    }
    console.log(`validation messages: ${checked} answers of 422 checked`);
    expect(checked).toBeGreaterThan(30);
    expect(leaks).toEqual([]);
  }, 600_000);

  it('a missing name answers the readable line, on the message and on the field', async () => {
    const listener = callers.find((caller) => caller.role === 'listener');
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/playlists',
      headers: { ...listener?.headers, origin: t.env.APP_URL },
      payload: {},
    });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual({
      message: 'The name field is required.',
      errors: { name: ['The name field is required.'] },
    });
  });

  it('answers 4xx, never 5xx, to a deeply nested body on every write route, for every role', async () => {
    // 100,000 nested objects: the body that overflowed the settings flattener's stack.
    const deep = `${'{"a":'.repeat(100_000)}1${'}'.repeat(100_000)}`;
    const failures: string[] = [];
    let bounded = 0;
    for (const route of routesOf(t.app.accessTable())) {
      if (!['POST', 'PUT', 'PATCH', 'DELETE'].includes(route.method)) continue;
      for (const caller of callers) {
        const res = await t.app.inject({
          method: route.method as 'POST',
          url: concreteUrl(route.url),
          headers: { ...caller.headers, 'content-type': 'application/json', origin: t.env.APP_URL },
          payload: deep,
        });
        // The Subsonic protocol answers every failure with 200 and an error document (modules/subsonic).
        const isRefused = route.url.startsWith('/rest/')
          ? res.statusCode === 200 && res.body.includes('status="failed"')
          : res.statusCode >= 400 && res.statusCode < 500;
        if (!isRefused)
          failures.push(
            `${route.method} ${route.url} as ${caller.role}: ${res.statusCode} ${res.body.slice(0, 120)}`,
          );
        if (res.statusCode === 422 && res.json().message === 'The request body nests deeper than 64 levels.')
          bounded += 1;
      }
    }
    expect(failures).toEqual([]);
    // Refused callers stop before the body is read; the rest meet the bound on (nearly) every route.
    expect(bounded).toBeGreaterThan(100);
  }, 600_000);

  it('never answers 5xx to a caller the declaration lets through, whatever the body', async () => {
    const failures: string[] = [];
    // Last: writes by allowed callers (a logout, a delete) change what later requests would see.
    // Only the status class is checked.
    for (const route of routesOf(t.app.accessTable())) {
      for (const caller of callers) {
        if (expectedRefusal(route.access, caller) !== undefined) continue;
        for (const body of BODIES) {
          const res = await t.app.inject({
            method: route.method as 'GET',
            url: concreteUrl(route.url),
            headers: { ...caller.headers, 'content-type': 'application/json', origin: t.env.APP_URL },
            payload: route.method === 'GET' ? undefined : body.payload,
          });
          if (res.statusCode >= 500)
            failures.push(
              `${route.method} ${route.url} as ${caller.role} (${body.label}): ${res.statusCode} ${res.body.slice(0, 120)}`,
            );
        }
      }
    }
    expect(failures).toEqual([]);
  }, 600_000);
});
