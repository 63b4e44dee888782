import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app';
import {
  actor,
  type Headers,
  insertAlbum,
  insertArtist,
  insertTrack,
} from '../catalogue/catalogue.test-helper';

let t: TestApp;
let owner: { id: number; headers: Headers };
let ids: { loud: number; quiet: number; hidden: number; unlisted: number; untagged: number; album: number };

async function tag(name: string, type: 'track' | 'album', id: number) {
  const existing = await t.deps.db
    .selectFrom('tags')
    .select('id')
    .where('name', '=', name)
    .executeTakeFirst();
  const tagId =
    existing?.id ??
    (await t.deps.db.insertInto('tags').values({ name }).returning('id').executeTakeFirstOrThrow()).id;
  await t.deps.db
    .insertInto('taggables')
    .values({ tag_id: tagId, taggable_type: type, taggable_id: id })
    .execute();
}

beforeAll(async () => {
  t = await createTestApp();
  owner = await actor(t, ['music.view']);
  const artistId = await insertArtist(t, 'Tagged Artist');
  const album = await insertAlbum(t, 'Tagged Album', artistId);
  const loud = await insertTrack(t, { name: 'Tagged Loud', artistId });
  const quiet = await insertTrack(t, { name: 'Tagged Quiet', artistId });
  const hidden = await insertTrack(t, {
    name: 'Tagged Hidden',
    artistId,
    visibility: 'private',
    ownerId: owner.id,
  });
  const unlisted = await insertTrack(t, { name: 'Tagged Unlisted', artistId, visibility: 'unlisted' });
  const untagged = await insertTrack(t, { name: 'Not Tagged', artistId });
  await t.deps.db.updateTable('tracks').set({ plays: 50 }).where('id', '=', loud).execute();
  for (const id of [quiet, loud, hidden, unlisted]) await tag('night-drive', 'track', id);
  await tag('night-drive', 'album', album);
  ids = { loud, quiet, hidden, unlisted, untagged, album };
});
afterAll(async () => t?.close());

const names = (body: { pagination: { data: { name: string }[] } }) =>
  body.pagination.data.map((row) => row.name);

describe('tagged tracks and albums', () => {
  it('lists public tracks with the tag, most played first, case-insensitively', async () => {
    const response = await t.app.inject({ url: '/api/v1/tags/Night-Drive/tracks' });
    expect(response.statusCode).toBe(200);
    expect(names(response.json())).toEqual(['Tagged Loud', 'Tagged Quiet']);
    expect(response.json().pagination.data[0]).toMatchObject({
      id: ids.loud,
      artists: [{ name: 'Tagged Artist' }],
    });
  });

  it('shows a private track to its owner only and never an unlisted one', async () => {
    const mine = await t.app.inject({ url: '/api/v1/tags/night-drive/tracks', headers: owner.headers });
    // Equal plays fall back to the newest first.
    expect(names(mine.json())).toEqual(['Tagged Loud', 'Tagged Hidden', 'Tagged Quiet']);
  });

  it('lists albums with the tag, pages, and 404s unknown tags', async () => {
    const albums = await t.app.inject({ url: '/api/v1/tags/night-drive/albums' });
    expect(names(albums.json())).toEqual(['Tagged Album']);
    const paged = await t.app.inject({ url: '/api/v1/tags/night-drive/tracks?perPage=1&page=2' });
    expect(paged.json().pagination).toMatchObject({ current_page: 2, last_page: 2, total: 2 });
    expect((await t.app.inject({ url: '/api/v1/tags/no-such-tag/tracks' })).statusCode).toBe(404);
  });
});
