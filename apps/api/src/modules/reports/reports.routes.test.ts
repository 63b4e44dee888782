import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app';
import { actor, type Headers, insertArtist, insertTrack } from '../catalogue/catalogue.test-helper';

let t: TestApp;
let admin: { id: number; headers: Headers };
let listener: { id: number; headers: Headers };
let other: { id: number; headers: Headers };
let artistUser: { id: number; headers: Headers };
const LISTENER = ['music.view', 'playlists.view', 'playlists.create', 'comments.view', 'comments.create'];

beforeAll(async () => {
  t = await createTestApp();
  admin = await actor(t, ['reports.handle']);
  listener = await actor(t, LISTENER);
  other = await actor(t, LISTENER);
  artistUser = await actor(t, [...LISTENER, 'music.create', 'music.update', 'music.delete']);
});
afterAll(async () => t?.close());

const report = (who: { headers: Headers }, payload: object) =>
  t.app.inject({ method: 'POST', url: '/api/v1/reports', headers: who.headers, payload });
const resolve = (id: number, resolution: string, headers = admin.headers) =>
  t.app.inject({ method: 'POST', url: `/api/v1/reports/${id}/resolve`, headers, payload: { resolution } });

describe('moderation reports', () => {
  it('a listener reports a playlist; the admin hides it and both reporters are resolved', async () => {
    const playlist = await t.app.inject({
      method: 'POST',
      url: '/api/v1/playlists',
      headers: artistUser.headers,
      payload: { name: 'Spammy mix', public: true },
    });
    const playlistId = playlist.json().playlist.id;
    const first = await report(listener, {
      reportable_type: 'playlist',
      reportable_id: playlistId,
      reason: 'spam',
    });
    expect(first.statusCode).toBe(201);
    expect(first.json().report).toMatchObject({
      status: 'open',
      reporter: { id: listener.id },
      item: { name: 'Spammy mix', hidden: false, url: `/playlist/${playlistId}/spammy-mix` },
    });
    const twice = await report(listener, {
      reportable_type: 'playlist',
      reportable_id: playlistId,
      reason: 'spam',
    });
    expect(twice.json().report.id).toBe(first.json().report.id);
    await report(other, { reportable_type: 'playlist', reportable_id: playlistId, reason: 'offensive' });

    for (const who of [listener, artistUser]) {
      expect((await t.app.inject({ url: '/api/v1/reports', headers: who.headers })).statusCode).toBe(403);
      expect((await resolve(first.json().report.id, 'hide', who.headers)).statusCode).toBe(403);
    }
    const open = (await t.app.inject({ url: '/api/v1/reports', headers: admin.headers })).json().pagination;
    expect(open.total).toBe(2);

    const resolved = await resolve(first.json().report.id, 'hide');
    expect(resolved.statusCode).toBe(200);
    expect(resolved.json().report).toMatchObject({
      status: 'resolved',
      resolution: 'hide',
      resolved_by: { id: admin.id },
      item: { hidden: true },
    });
    const row = await t.deps.db
      .selectFrom('playlists')
      .select('public')
      .where('id', '=', playlistId)
      .executeTakeFirstOrThrow();
    expect(row.public).toBe(false);
    expect(
      (await t.app.inject({ url: '/api/v1/reports?status=open', headers: admin.headers })).json().pagination
        .total,
    ).toBe(0);
    const everything = (await t.app.inject({ url: '/api/v1/reports', headers: admin.headers })).json();
    expect(everything.pagination.data.map((report: { status: string }) => report.status)).toEqual([
      'resolved',
      'resolved',
    ]);
    expect((await resolve(first.json().report.id, 'dismiss')).statusCode).toBe(422);
  });

  it('validates input and refuses guests, unknown items and self-reports', async () => {
    expect((await t.app.inject({ method: 'POST', url: '/api/v1/reports', payload: {} })).statusCode).toBe(
      401,
    );
    const other = await report(listener, { reportable_type: 'track', reportable_id: 1, reason: 'other' });
    expect(other.statusCode).toBe(422);
    expect(other.json().errors.details).toBeDefined();
    expect(
      (await report(listener, { reportable_type: 'track', reportable_id: 987_654, reason: 'spam' }))
        .statusCode,
    ).toBe(404);
    expect(
      (await report(listener, { reportable_type: 'user', reportable_id: listener.id, reason: 'spam' }))
        .statusCode,
    ).toBe(422);
    expect(
      (await report(listener, { reportable_type: 'planet', reportable_id: 1, reason: 'spam' })).statusCode,
    ).toBe(422);
  });

  it('deletes a reported track, refuses deleting a user, bans a hidden one and dismisses', async () => {
    const artist = await insertArtist(t, 'Reported Artist');
    const track = await insertTrack(t, { name: 'Reported track', artistId: artist });
    const r1 = (
      await report(listener, { reportable_type: 'track', reportable_id: track, reason: 'copyright' })
    ).json();
    expect((await resolve(r1.report.id, 'delete')).json().report).toMatchObject({
      resolution: 'delete',
      item: null,
    });
    expect(
      await t.deps.db.selectFrom('tracks').select('id').where('id', '=', track).executeTakeFirst(),
    ).toBeUndefined();

    const r2 = (
      await report(listener, { reportable_type: 'user', reportable_id: other.id, reason: 'offensive' })
    ).json();
    expect((await resolve(r2.report.id, 'delete')).statusCode).toBe(422);
    expect((await resolve(r2.report.id, 'hide')).statusCode).toBe(200);
    const banned = await t.deps.db
      .selectFrom('users')
      .select('banned_at')
      .where('id', '=', other.id)
      .executeTakeFirstOrThrow();
    expect(banned.banned_at).not.toBeNull();

    const dismissed = (
      await report(listener, { reportable_type: 'user', reportable_id: admin.id, reason: 'spam' })
    ).json();
    expect((await resolve(dismissed.report.id, 'dismiss')).json().report).toMatchObject({
      resolution: 'dismiss',
      item: { hidden: false },
    });
  });

  it('answers 404 and echoes nothing for what the reporter cannot see', async () => {
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/v1/playlists',
      headers: artistUser.headers,
      payload: { name: 'Secret diary mix', public: false },
    });
    const playlistId = created.json().playlist.id;
    const artist = await insertArtist(t, 'Private Reported Artist');
    const trackId = await insertTrack(t, {
      name: 'Unreleased demo',
      artistId: artist,
      ownerId: artistUser.id,
      visibility: 'private',
    });
    const onPrivate = await t.deps.db
      .insertInto('comments')
      .values({
        commentable_type: 'track',
        commentable_id: trackId,
        user_id: artistUser.id,
        depth: 0,
        path: 'x',
        content: 'Note to self about the demo',
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const bannedId = (await actor(t, LISTENER)).id;
    await t.deps.db.updateTable('users').set({ banned_at: new Date() }).where('id', '=', bannedId).execute();

    expect(
      (await t.app.inject({ url: `/api/v1/playlists/${playlistId}`, headers: listener.headers })).statusCode,
    ).toBe(404);
    const hidden = [
      { reportable_type: 'playlist', reportable_id: playlistId },
      { reportable_type: 'track', reportable_id: trackId },
      { reportable_type: 'comment', reportable_id: onPrivate.id },
      { reportable_type: 'user', reportable_id: bannedId },
    ];
    const countMine = async () =>
      (await t.deps.db.selectFrom('reports').select('id').where('reporter_id', '=', listener.id).execute())
        .length;
    const before = await countMine();
    for (const item of hidden) {
      const answer = await report(listener, { ...item, reason: 'spam' });
      expect(answer.statusCode, item.reportable_type).toBe(404);
      expect(answer.body).not.toMatch(/Secret diary|Unreleased|Note to self|\/playlist\/|\/track\/|\/user\//);
    }
    expect(await countMine()).toBe(before);

    // Who can open them may still report them.
    const own = await report(artistUser, {
      reportable_type: 'playlist',
      reportable_id: playlistId,
      reason: 'spam',
    });
    expect(own.statusCode).toBe(201);
  });
});
