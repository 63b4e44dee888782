import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app';
import { startSmtpPeer } from '../auth/smtp-peer';
import { actor, type Headers, insertAlbum, insertArtist } from '../catalogue/catalogue.test-helper';

let t: TestApp;
let smtp: Awaited<ReturnType<typeof startSmtpPeer>>;

const post = (url: string, headers: Headers, payload: unknown) =>
  t.app.inject({ method: 'POST', url, headers, payload: payload as object });

beforeAll(async () => {
  smtp = await startSmtpPeer();
  t = await createTestApp({
    env: {
      MAIL_URL: smtp.url,
      MAIL_FROM: 'Cadence <no-reply@cadence.test>',
      ADMIN_URL: 'https://admin.cadence.test',
      BACKSTAGE_URL: 'https://studio.cadence.test',
    },
  });
}, 60_000);
afterAll(async () => {
  await t?.close();
  await smtp?.close();
});

async function notificationsOf(userId: number) {
  return t.deps.db
    .selectFrom('notifications')
    .select(['type', 'data'])
    .where('user_id', '=', userId)
    .orderBy('created_at')
    .execute();
}

type Data = { mainAction?: { action: string; label: string } | null; lines: { content: string }[] };

/** A role holding `permission`, given to a fresh user: reviewers are found through roles too. */
async function userWithRole(permission: string): Promise<number> {
  const role = await t.deps.db
    .insertInto('roles')
    .values({ name: `Role ${permission} ${Math.random()}` })
    .returning('id')
    .executeTakeFirstOrThrow();
  const { id: permissionId } = await t.deps.db
    .selectFrom('permissions')
    .select('id')
    .where('name', '=', permission)
    .executeTakeFirstOrThrow();
  await t.deps.db
    .insertInto('permissionables')
    .values({ permission_id: permissionId, permissionable_type: 'role', permissionable_id: role.id })
    .execute();
  const user = await actor(t);
  await t.deps.db.insertInto('user_role').values({ user_id: user.id, role_id: role.id }).execute();
  return user.id;
}

describe('a new backstage request', () => {
  it('notifies everyone who can handle it, leading to the request in the admin', async () => {
    const direct = await actor(t, ['backstageRequests.update']);
    const viaRole = await userWithRole('backstageRequests.update');
    const superAdmin = await actor(t, ['admin']);
    const viewerOnly = await actor(t, ['backstageRequests.view']);
    const listener = await actor(t, ['backstageRequests.create']);
    const since = smtp.received.length;

    const created = await post('/api/v1/backstage-requests', listener.headers, {
      type: 'become_artist',
      artist_name: 'Night Owls',
    });
    expect(created.statusCode).toBe(201);
    const id = created.json().request.id;

    for (const reviewer of [direct.id, viaRole, superAdmin.id]) {
      const rows = await notificationsOf(reviewer);
      expect(rows.map((row) => row.type)).toEqual(['backstage_request_created']);
      const data = rows[0]?.data as Data;
      expect(data.mainAction).toEqual({ action: `/admin/backstage-requests/${id}`, label: 'Review request' });
      expect(data.lines[0]?.content).toBe('Test User asks to become an artist.');
      expect(data.lines[1]?.content).toBe('Night Owls');
    }
    expect(await notificationsOf(viewerOnly.id)).toEqual([]);
    expect(await notificationsOf(listener.id)).toEqual([]);
    // The mail leads to the request where the admin is deployed.
    const direct_email = (
      await t.deps.db
        .selectFrom('users')
        .select('email')
        .where('id', '=', direct.id)
        .executeTakeFirstOrThrow()
    ).email;
    const mail = await smtp.waitFor(direct_email, since);
    expect(mail.raw.replace(/=\r?\n/g, '')).toContain(`https://admin.cadence.test/backstage-requests/${id}`);
  });
});

describe('a decided backstage request', () => {
  it('leads an approved requester to the upload page and a denied one to the request', async () => {
    const reviewer = await actor(t, ['backstageRequests.update', 'backstageRequests.view']);
    const approvedUser = await actor(t, ['backstageRequests.create']);
    const deniedUser = await actor(t, ['backstageRequests.create']);
    const first = await post('/api/v1/backstage-requests', approvedUser.headers, {
      type: 'become_artist',
      artist_name: 'Approved Act',
    });
    const second = await post('/api/v1/backstage-requests', deniedUser.headers, {
      type: 'become_artist',
      artist_name: 'Denied Act',
    });
    const approvedId = first.json().request.id;
    const deniedId = second.json().request.id;
    expect(
      (await post(`/api/v1/backstage-requests/${approvedId}/approve`, reviewer.headers, {})).statusCode,
    ).toBe(200);
    expect(
      (await post(`/api/v1/backstage-requests/${deniedId}/deny`, reviewer.headers, { notes: 'Not yet' }))
        .statusCode,
    ).toBe(200);

    const [approved] = await notificationsOf(approvedUser.id);
    expect(approved?.type).toBe('backstage_request_handled');
    expect((approved?.data as Data | undefined)?.mainAction).toEqual({
      action: '/backstage/upload',
      label: 'Upload your music',
    });
    const [denied] = await notificationsOf(deniedUser.id);
    expect((denied?.data as Data | undefined)?.mainAction).toEqual({
      action: `/backstage/requests/${deniedId}/request-submitted`,
      label: 'View request',
    });
  });
});

describe('a reply to an album comment', () => {
  it('leads to the album page', async () => {
    await t.app.services.settings.save({ client: { 'player.track_comments': true } });
    const author = await actor(t, ['comments.create']);
    const replier = await actor(t, ['comments.create']);
    const artistId = await insertArtist(t, 'Album Artist');
    const albumId = await insertAlbum(t, 'Late Album', artistId);
    const parent = await post('/api/v1/comments', author.headers, {
      commentable_type: 'album',
      commentable_id: albumId,
      content: 'Lovely',
    });
    expect(parent.statusCode).toBe(201);
    const reply = await post('/api/v1/comments', replier.headers, {
      commentable_type: 'album',
      commentable_id: albumId,
      parent_id: parent.json().comment.id,
      content: 'Agreed',
    });
    expect(reply.statusCode).toBe(201);
    const [row] = await notificationsOf(author.id);
    expect(row?.type).toBe('comment_reply');
    expect((row?.data as Data | undefined)?.mainAction).toEqual({
      action: `/album/${albumId}/album-artist/late-album`,
      label: 'View comment',
    });
  });
});
