import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, createTestUser, type TestApp } from '../../test/test-app';
import { catalogueFixture } from '../search/catalogue.fixture';

let t: TestApp;
const artist: Record<string, number> = {};
const tracksOf: Record<string, number[]> = { a: [], b: [], c: [], d: [] };
let playlistId = 0;
let listener = 0;

beforeAll(async () => {
  t = await createTestApp();
  const f = catalogueFixture(t.deps.db);
  const rock = await f.genre('rock');
  const jazz = await f.genre('jazz');
  artist.a = await f.artist('Alpha Rock', { genres: [rock] });
  artist.b = await f.artist('Beta Rock', { genres: [rock] });
  artist.c = await f.artist('Gamma Jazz', { genres: [jazz] });
  artist.d = await f.artist('Delta Jazz', { genres: [jazz] });
  const sizes = { a: 30, b: 30, c: 25, d: 10 } as const;
  for (const [key, size] of Object.entries(sizes))
    for (let i = 0; i < size; i++)
      tracksOf[key]?.push(await f.track(`${key} song ${i}`, artist[key] as number, { plays: i * 10 }));
  await f.track('a hidden', artist.a as number, { visibility: 'private' });
  listener = await createTestUser(t.deps);
  const other = await createTestUser(t.deps);
  for (const user of [listener, other]) {
    await f.like(user, 'track', tracksOf.a?.[0] as number);
    await f.play(user, tracksOf.b?.[0] as number);
  }
  playlistId = await f.playlist('Jazz mix', listener, tracksOf.c?.slice(0, 5));
});
afterAll(async () => t?.close());

const radio = async (path: string) => {
  const response = await t.app.inject({ url: `/api/v1/radio/${path}` });
  return { status: response.statusCode, body: response.json() };
};
const idsOf = (body: { tracks: { id: number }[] }) => body.tracks.map((track) => track.id);
const ownerOf = (id: number) => Object.entries(tracksOf).find(([, ids]) => ids.includes(id))?.[0];

describe('similar artists', () => {
  it('are computed by the job from genres and co-listening, then served ranked', async () => {
    const admin = await createTestUser(t.deps, { permissions: ['artists.update'] });
    const { cookie, xsrf } = await t.sessionCookie(admin);
    const queued = await t.app.inject({
      method: 'POST',
      url: '/api/v1/similar-artists/recompute',
      headers: { cookie, 'x-xsrf-token': xsrf },
      payload: {},
    });
    expect(queued.statusCode).toBe(202);
    await t.app.jobs.drain();
    const similar = await t.app.inject({ url: `/api/v1/artists/${artist.a}/similar` });
    expect(similar.statusCode).toBe(200);
    const names = similar.json().artists.map((a: { name: string }) => a.name);
    expect(names).toEqual(['Beta Rock']);
    const jazz = await t.app.inject({ url: `/api/v1/artists/${artist.c}/similar` });
    expect(jazz.json().artists.map((a: { name: string }) => a.name)).toEqual(['Delta Jazz']);
    expect((await t.app.inject({ url: '/api/v1/artists/999999/similar' })).statusCode).toBe(404);
    const guest = await t.app.inject({
      method: 'POST',
      url: '/api/v1/similar-artists/recompute',
      payload: {},
    });
    expect([401, 403]).toContain(guest.statusCode);
  });
});

describe('GET /api/v1/radio/{seedType}/{seedId}', () => {
  it('an artist station plays the artist and similar artists, 50 tracks without repeats', async () => {
    const first = await radio(`artist/${artist.a}`);
    expect(first.status).toBe(200);
    expect(first.body.seed).toEqual({ type: 'artist', id: artist.a, name: 'Alpha Rock' });
    const ids = idsOf(first.body);
    expect(ids).toHaveLength(50);
    expect(new Set(ids).size).toBe(50);
    const owners = new Set(ids.map(ownerOf));
    expect(owners).toEqual(new Set(['a', 'b']));

    const refill = await radio(`artist/${artist.a}?exclude=${ids.join(',')}`);
    const more = idsOf(refill.body);
    expect(more).toHaveLength(10);
    expect(more.some((id) => ids.includes(id))).toBe(false);
  });

  it('a genre station stays in its genre; a track station starts with the track', async () => {
    const jazz = await radio('genre/jazz?perPage=30');
    expect(jazz.status).toBe(200);
    expect(idsOf(jazz.body).every((id) => ['c', 'd'].includes(ownerOf(id) ?? ''))).toBe(true);
    expect(jazz.body.tracks).toHaveLength(30);
    const seedTrack = tracksOf.d?.[3] as number;
    const track = await radio(`track/${seedTrack}?perPage=10`);
    expect(idsOf(track.body)[0]).toBe(seedTrack);
    expect(idsOf(track.body).every((id) => ['c', 'd'].includes(ownerOf(id) ?? ''))).toBe(true);
  });

  it('playlist and user stations grow from what they contain', async () => {
    const playlist = await radio(`playlist/${playlistId}?perPage=20`);
    expect(playlist.status).toBe(200);
    expect(idsOf(playlist.body).every((id) => ['c', 'd'].includes(ownerOf(id) ?? ''))).toBe(true);
    const user = await radio(`user/${listener}?perPage=20`);
    expect(user.status).toBe(200);
    expect(idsOf(user.body).every((id) => ['a', 'b'].includes(ownerOf(id) ?? ''))).toBe(true);
  });

  it('answers 404 or 422 for bad seeds and never returns private tracks', async () => {
    expect((await radio('album/1')).status).toBe(422);
    expect((await radio('artist/999999')).status).toBe(404);
    expect((await radio('artist/..%2F..%2Fetc')).status).toBe(404);
    expect((await radio('genre/polka')).status).toBe(404);
    expect((await radio(`artist/${artist.a}?exclude=1,abc`)).status).toBe(422);
    expect((await radio(`artist/${artist.a}?perPage=51`)).status).toBe(422);
    const all = await radio(`artist/${artist.a}?perPage=50`);
    expect(all.body.tracks.some((track: { name: string }) => track.name === 'a hidden')).toBe(false);
  });
});
