import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, createTestUser, type TestApp } from '../../test/test-app';
import { catalogueFixture } from '../search/catalogue.fixture';

let t: TestApp;
let headers: Record<string, string>;
const ids: Record<string, number> = {};

beforeAll(async () => {
  t = await createTestApp();
  const f = catalogueFixture(t.deps.db);
  const rock = await f.genre('rock', 50);
  const jazz = await f.genre('jazz', 90);
  await f.genre('ambient', 10);
  ids.rocker = await f.artist('Rocker', { plays: 10 });
  ids.jazzer = await f.artist('Jazzer', { plays: 99 });
  ids.rockAlbum = await f.album('Loud', ids.rocker, { plays: 5, releaseDate: '2020-01-01', genres: [rock] });
  ids.jazzAlbum = await f.album('Smooth', ids.jazzer, {
    plays: 50,
    releaseDate: '2024-06-01',
    genres: [jazz],
  });
  ids.oldAlbum = await f.album('Ancient', ids.jazzer, { plays: 1, releaseDate: '1960-01-01' });
  ids.rock1 = await f.track('Rock one', ids.rocker, { albumId: ids.rockAlbum, plays: 300 });
  ids.rock2 = await f.track('Rock two', ids.rocker, { plays: 100, genres: [rock] });
  ids.jazz1 = await f.track('Jazz one', ids.jazzer, { albumId: ids.jazzAlbum, plays: 200 });
  ids.hidden = await f.track('Hidden', ids.jazzer, { plays: 10_000, visibility: 'private' });
  const admin = await createTestUser(t.deps, {
    permissions: ['channels.view', 'channels.create', 'channels.update', 'channels.delete'],
  });
  ids.admin = admin;
  ids.playlist = await f.playlist('Mix', admin, [ids.rock1]);
  const session = await t.sessionCookie(admin);
  headers = { cookie: session.cookie, 'x-xsrf-token': session.xsrf };
});
afterAll(async () => t?.close());

const show = async (path: string) => {
  const response = await t.app.inject({ url: `/api/v1/channel/${path}` });
  return { status: response.statusCode, channel: response.json().channel };
};
const names = (channel: { content: { data: { name: string }[] } }) =>
  channel.content.data.map((item) => item.name);

async function createChannel(payload: object) {
  const response = await t.app.inject({ method: 'POST', url: '/api/v1/channels', headers, payload });
  return { status: response.statusCode, body: response.json() };
}

describe('seeded channels', () => {
  it('the discover home channel holds new releases, popular songs, popular albums and genres', async () => {
    const homepage = await t.app.services.settings.get('homepage.value');
    expect(homepage).toBe('discover');
    const { status, channel } = await show('discover');
    expect(status).toBe(200);
    expect(channel.content.data.map((c: { slug: string }) => c.slug)).toEqual([
      'new-releases',
      'popular-tracks',
      'popular-albums',
      'genres',
    ]);
    const [releases, tracks, albums, genres] = channel.content.data;
    expect(names(releases)).toEqual(['Smooth', 'Loud', 'Ancient']);
    expect(names(tracks)).toEqual(['Rock one', 'Jazz one', 'Rock two']);
    expect(tracks.config.layout).toBe('track_table');
    expect(names(albums)).toEqual(['Smooth', 'Loud', 'Ancient']);
    expect(names(genres)).toEqual(['jazz', 'rock', 'ambient']);
    expect(genres.content.data[0].model_type).toBe('genre');
  });

  it('the sidebar routes resolve by slug and by id, restricted by genre name', async () => {
    const popular = await show('popular-tracks?restriction=rock');
    expect(popular.status).toBe(200);
    expect(popular.channel.restriction).toMatchObject({ type: 'genre', name: 'rock' });
    // "Rock one" is rock through its album, "Rock two" directly.
    expect(names(popular.channel)).toEqual(['Rock one', 'Rock two']);
    const byId = await show(`${popular.channel.id}?restriction=JAZZ`);
    expect(names(byId.channel)).toEqual(['Jazz one']);
    expect((await show('popular-tracks?restriction=polka')).status).toBe(404);
    expect((await show('no-such-channel')).status).toBe(404);
    expect((await show('new-releases?perPage=2&page=2')).channel.content).toMatchObject({
      current_page: 2,
      total: 3,
      last_page: 2,
      data: [{ name: 'Ancient' }],
    });
    expect((await show('genres?page=0')).status).toBe(422);
  });
});

describe('channel content by method', () => {
  it('auto lists for every model', async () => {
    const cases = [
      ['artist', 'popular_artists', ['Jazzer', 'Rocker']],
      ['playlist', 'popular_playlists', ['Mix']],
      ['genre', 'top_genres', ['jazz', 'rock', 'ambient']],
    ] as const;
    for (const [model, method, expected] of cases) {
      const created = await createChannel({
        name: `Auto ${model}`,
        config: { content_type: 'auto', content_model: model, auto_method: method },
      });
      expect(created.status).toBe(201);
      const { channel } = await show(created.body.channel.slug);
      expect(names(channel)).toEqual(expected);
      expect(channel.content.data.every((item: { model_type: string }) => item.model_type === model)).toBe(
        true,
      );
    }
    const users = await createChannel({
      name: 'Top users',
      config: { content_type: 'auto', content_model: 'user', auto_method: 'top_users' },
    });
    expect((await show(users.body.channel.slug)).channel.content.total).toBeGreaterThan(0);
  });

  it('list_all follows the configured order; manual keeps the chosen order across models', async () => {
    const all = await createChannel({
      name: 'All tracks A-Z',
      config: { content_type: 'list_all', content_model: 'track', order: 'name:asc', layout: 'list' },
    });
    expect(names((await show(all.body.channel.slug)).channel)).toEqual(['Jazz one', 'Rock one', 'Rock two']);

    const manual = await createChannel({
      name: 'Staff picks',
      slug: 'staff-picks',
      config: { content_type: 'manual', content_model: 'track' },
      content: [
        { model_type: 'track', model_id: ids.rock2 },
        { model_type: 'album', model_id: ids.jazzAlbum },
        { model_type: 'track', model_id: ids.hidden },
        { model_type: 'artist', model_id: ids.rocker },
      ],
    });
    expect(manual.status).toBe(201);
    const { channel } = await show('staff-picks');
    expect(
      channel.content.data.map((i: { model_type: string; name: string }) => `${i.model_type}:${i.name}`),
    ).toEqual(['track:Rock two', 'album:Smooth', 'artist:Rocker']);
    const second = await show('staff-picks?perPage=1&page=2');
    expect(names(second.channel)).toEqual(['Smooth']);
  });
});

describe('channels admin', () => {
  it('needs the channels permissions', async () => {
    const payload = { name: 'X', config: { content_type: 'manual', content_model: 'track' } };
    expect((await t.app.inject({ method: 'POST', url: '/api/v1/channels', payload })).statusCode).toBe(401);
    const user = await createTestUser(t.deps);
    const session = await t.sessionCookie(user);
    const denied = await t.app.inject({
      method: 'POST',
      url: '/api/v1/channels',
      headers: { cookie: session.cookie, 'x-xsrf-token': session.xsrf },
      payload,
    });
    expect(denied.statusCode).toBe(403);
  });

  it('validates config, slugs and content, and changes nothing on error', async () => {
    const before = await t.app.inject({ url: '/api/v1/channels?perPage=100', headers });
    const count = before.json().pagination.total;
    const bad = [
      { name: 'Bad', config: { content_type: 'auto', content_model: 'track', auto_method: 'top_genres' } },
      { name: 'Bad', slug: 'discover', config: { content_type: 'manual', content_model: 'track' } },
      { name: 'Bad', slug: 'Bad Slug!', config: { content_type: 'manual', content_model: 'track' } },
      {
        name: 'Bad',
        config: { content_type: 'manual', content_model: 'track' },
        content: [
          { model_type: 'track', model_id: 1 },
          { model_type: 'track', model_id: 1 },
        ],
      },
    ];
    for (const payload of bad) expect((await createChannel(payload)).status).toBe(422);
    const after = await t.app.inject({ url: '/api/v1/channels?perPage=100', headers });
    expect(after.json().pagination.total).toBe(count);
  });

  it('updates and deletes', async () => {
    const created = await createChannel({
      name: 'Temp',
      config: { content_type: 'manual', content_model: 'track' },
    });
    const id = created.body.channel.id;
    const updated = await t.app.inject({
      method: 'PUT',
      url: `/api/v1/channels/${id}`,
      headers,
      payload: {
        name: 'Temp renamed',
        slug: 'temp',
        config: { content_type: 'manual', content_model: 'track', layout: 'carousel' },
        content: [{ model_type: 'track', model_id: ids.jazz1 }],
      },
    });
    expect(updated.statusCode).toBe(200);
    expect(updated.json().channel).toMatchObject({
      name: 'Temp renamed',
      slug: 'temp',
      config: { layout: 'carousel' },
    });
    expect(names((await show('temp')).channel)).toEqual(['Jazz one']);
    const self = await t.app.inject({
      method: 'PUT',
      url: `/api/v1/channels/${id}`,
      headers,
      payload: {
        name: 'Loop',
        config: { content_type: 'manual', content_model: 'channel' },
        content: [{ model_type: 'channel', model_id: id }],
      },
    });
    expect(self.statusCode).toBe(422);
    const removed = await t.app.inject({ method: 'DELETE', url: `/api/v1/channels/${id}`, headers });
    expect(removed.json()).toEqual({ deleted: 1 });
    expect((await show('temp')).status).toBe(404);
    expect(
      (await t.app.inject({ method: 'DELETE', url: '/api/v1/channels/../1', headers })).statusCode,
    ).toBeGreaterThanOrEqual(400);
  });
});
