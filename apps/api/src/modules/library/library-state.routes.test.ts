import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app';
import { actor, type Headers, insertArtist, insertTrack } from '../catalogue/catalogue.test-helper';

let t: TestApp;
let fan: { id: number; headers: Headers };
let other: { id: number; headers: Headers };
let artistId: number;
let otherArtistId: number;
let trackIds: number[];

beforeAll(async () => {
  t = await createTestApp();
  await t.app.services.settings.save({ client: { 'player.enable_repost': true } });
  fan = await actor(t, ['users.view', 'music.view']);
  other = await actor(t, ['users.view', 'music.view']);
  artistId = await insertArtist(t, 'State Artist');
  otherArtistId = await insertArtist(t, 'State Other Artist');
  trackIds = [];
  for (const name of ['State One', 'State Two', 'State Three'])
    trackIds.push(await insertTrack(t, { name, artistId }));
});
afterAll(async () => t?.close());

const post = (path: string, payload: object, headers: Headers) =>
  t.app.inject({ method: 'POST', url: `/api/v1/users/me/${path}`, payload, headers });
const ask = (path: string, query: string, headers?: Headers) =>
  t.app.inject({ url: `/api/v1/users/me/${path}?${query}`, ...(headers ? { headers } : {}) });

describe('liked, followed and reposted ids', () => {
  it('answers which of the asked ids the user likes, per type and per user', async () => {
    const [one, two, three] = trackIds as [number, number, number];
    await post('likes', { likeable_type: 'track', likeable_id: one }, fan.headers);
    await post('likes', { likeable_type: 'track', likeable_id: three }, fan.headers);
    await post('likes', { likeable_type: 'track', likeable_id: two }, other.headers);
    await post('likes', { likeable_type: 'artist', likeable_id: artistId }, fan.headers);

    const mine = await ask('liked-ids', `type=track&ids=${one},${two},${three},999999`, fan.headers);
    expect(mine.statusCode).toBe(200);
    expect([...mine.json().ids].sort()).toEqual([one, three].sort());
    const theirs = await ask('liked-ids', `type=track&ids=${one},${two},${three}`, other.headers);
    expect(theirs.json()).toEqual({ ids: [two] });
    // The same number as an album id is another likeable.
    expect((await ask('liked-ids', `type=album&ids=${one}`, fan.headers)).json()).toEqual({ ids: [] });
    expect((await ask('liked-ids', `type=artist&ids=${artistId}`, fan.headers)).json()).toEqual({
      ids: [artistId],
    });
  });

  it('answers follows of artists and users, and reposts', async () => {
    await post('follows', { followable_type: 'artist', followable_id: artistId }, fan.headers);
    await post('follows', { followable_type: 'user', followable_id: other.id }, fan.headers);
    await post('reposts', { repostable_type: 'track', repostable_id: trackIds[1] }, fan.headers);

    const artists = await ask('followed-ids', `type=artist&ids=${artistId},${otherArtistId}`, fan.headers);
    expect(artists.json()).toEqual({ ids: [artistId] });
    expect((await ask('followed-ids', `type=user&ids=${other.id}`, fan.headers)).json()).toEqual({
      ids: [other.id],
    });
    expect((await ask('followed-ids', `type=user&ids=${fan.id}`, other.headers)).json()).toEqual({ ids: [] });
    expect((await ask('reposted-ids', `type=track&ids=${trackIds.join(',')}`, fan.headers)).json()).toEqual({
      ids: [trackIds[1]],
    });
  });

  it('refuses guests (401) and malformed or oversized id lists and unknown types (422)', async () => {
    expect((await ask('liked-ids', 'type=track&ids=1')).statusCode).toBe(401);
    expect((await ask('liked-ids', 'type=user&ids=1', fan.headers)).statusCode).toBe(422);
    expect((await ask('reposted-ids', 'type=artist&ids=1', fan.headers)).statusCode).toBe(422);
    expect((await ask('liked-ids', 'type=track&ids=1,,2', fan.headers)).statusCode).toBe(422);
    expect((await ask('liked-ids', 'type=track&ids=-1', fan.headers)).statusCode).toBe(422);
    const tooMany = Array.from({ length: 201 }, (_, i) => i + 1).join(',');
    expect((await ask('liked-ids', `type=track&ids=${tooMany}`, fan.headers)).statusCode).toBe(422);
    const duplicates = Array.from({ length: 300 }, () => trackIds[0]).join(',');
    expect((await ask('liked-ids', `type=track&ids=${duplicates}`, fan.headers)).statusCode).toBe(200);
  });
});

describe('artist followers', () => {
  it('lists the users who follow an artist, newest first, and 404s unknown artists', async () => {
    const fresh = await insertArtist(t, 'Followed Artist');
    const empty = await t.app.inject({ url: `/api/v1/artists/${fresh}/followers`, headers: fan.headers });
    expect(empty.json().pagination.total).toBe(0);
    await post('follows', { followable_type: 'artist', followable_id: fresh }, fan.headers);
    await post('follows', { followable_type: 'artist', followable_id: fresh }, other.headers);
    const list = await t.app.inject({ url: `/api/v1/artists/${fresh}/followers`, headers: fan.headers });
    expect(list.statusCode).toBe(200);
    expect(list.json().pagination.data.map((user: { id: number }) => user.id)).toEqual([other.id, fan.id]);
    const missing = await t.app.inject({ url: '/api/v1/artists/999999/followers', headers: fan.headers });
    expect(missing.statusCode).toBe(404);
  });
});
