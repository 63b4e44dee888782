import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app';
import { actor, type Headers } from '../catalogue/catalogue.test-helper';
import { catalogueFixture } from '../search/catalogue.fixture';

let t: TestApp;
let admin: { id: number; headers: Headers };
let listener: { id: number; headers: Headers };
let artistUser: { id: number; headers: Headers };
const ids: Record<string, number> = {};
const manual = (model = 'album') => ({ content_type: 'manual', content_model: model });

beforeAll(async () => {
  t = await createTestApp();
  admin = await actor(t, [
    'channels.view',
    'channels.create',
    'channels.update',
    'channels.delete',
    'settings.update',
  ]);
  listener = await actor(t, ['music.view', 'playlists.create', 'comments.create']);
  artistUser = await actor(t, ['music.view', 'music.create', 'music.update', 'music.delete']);
  const f = catalogueFixture(t.deps.db);
  const artist = await f.artist('Editor Artist', { plays: 1 });
  ids.a = await f.album('Album A', artist, { plays: 1, releaseDate: '2020-01-01' });
  ids.b = await f.album('Album B', artist, { plays: 2, releaseDate: '2021-01-01' });
  ids.c = await f.album('Album C', artist, { plays: 3, releaseDate: '2022-01-01' });
});
afterAll(async () => t?.close());

const save = (method: 'POST' | 'PUT', url: string, payload: object, headers = admin.headers) =>
  t.app.inject({ method, url, headers, payload });

describe('channel editor api', () => {
  it('refuses listeners and artists on every editor endpoint', async () => {
    const payload = { name: 'Nope', config: manual() };
    for (const who of [listener, artistUser]) {
      expect((await save('POST', '/api/v1/channels', payload, who.headers)).statusCode).toBe(403);
      expect((await save('POST', '/api/v1/channels/preview', payload, who.headers)).statusCode).toBe(403);
      expect(
        (await t.app.inject({ url: '/api/v1/channels/discover', headers: who.headers })).statusCode,
      ).toBe(403);
      expect((await t.app.inject({ url: '/api/v1/channels', headers: who.headers })).statusCode).toBe(403);
    }
  });

  it('keeps the manual order, drops deleted items and shows the list for editing', async () => {
    const content = [ids.c, ids.a, 999_999, ids.b].map((id) => ({ model_type: 'album', model_id: id }));
    const created = await save('POST', '/api/v1/channels', {
      name: 'Three albums',
      config: { ...manual(), layout: 'carousel', pagination: 'load_more' },
      content,
    });
    expect(created.statusCode).toBe(201);
    expect(created.json().dropped).toEqual([{ model_type: 'album', model_id: 999_999 }]);
    const id = created.json().channel.id;
    expect(created.json().channel.config).toMatchObject({ layout: 'carousel', pagination: 'load_more' });
    const edit = (
      await t.app.inject({ url: '/api/v1/channels/three-albums', headers: admin.headers })
    ).json();
    expect(edit.content.map((ref: { name: string }) => ref.name)).toEqual(['Album C', 'Album A', 'Album B']);
    // An item deleted after saving drops out of the page and the editor's list: no 500.
    await t.deps.db
      .deleteFrom('albums')
      .where('id', '=', ids.a as number)
      .execute();
    const page = await t.app.inject({ url: `/api/v1/channel/${id}` });
    expect(page.statusCode).toBe(200);
    expect(page.json().channel.content.data.map((item: { name: string }) => item.name)).toEqual([
      'Album C',
      'Album B',
    ]);
    const again = (await t.app.inject({ url: `/api/v1/channels/${id}`, headers: admin.headers })).json();
    expect(again.content.map((ref: { model_id: number }) => ref.model_id)).toEqual([ids.c, ids.b]);
    const resaved = await save('PUT', `/api/v1/channels/${id}`, {
      name: 'Three albums',
      config: manual(),
      content: [ids.b, ids.a].map((model_id) => ({ model_type: 'album', model_id })),
    });
    expect(resaved.statusCode).toBe(200);
    expect(resaved.json().dropped).toEqual([{ model_type: 'album', model_id: ids.a }]);
  });

  it('refuses a channel that contains itself directly or through nested channels', async () => {
    const make = async (name: string, content: object[] = []) =>
      (await save('POST', '/api/v1/channels', { name, config: manual('channel'), content })).json().channel
        .id as number;
    const top = await make('Top');
    const middle = await make('Middle', [{ model_type: 'channel', model_id: top }]);
    const bottom = await make('Bottom', [{ model_type: 'channel', model_id: middle }]);
    const direct = await save('PUT', `/api/v1/channels/${top}`, {
      name: 'Top',
      config: manual('channel'),
      content: [{ model_type: 'channel', model_id: top }],
    });
    expect(direct.statusCode).toBe(422);
    expect(direct.json().errors.content).toEqual(['A channel cannot contain itself.']);
    const nested = await save('PUT', `/api/v1/channels/${top}`, {
      name: 'Top',
      config: manual('channel'),
      content: [{ model_type: 'channel', model_id: bottom }],
    });
    expect(nested.statusCode).toBe(422);
    expect(nested.json().errors.content).toEqual([
      'A channel cannot contain itself: "Bottom" already contains this channel.',
    ]);
    const page = await t.app.inject({ url: `/api/v1/channel/${bottom}` });
    expect(page.statusCode).toBe(200);
  });

  it('previews an unsaved channel as the player would render it', async () => {
    const preview = await save('POST', '/api/v1/channels/preview', {
      name: 'Unsaved',
      config: manual(),
      content: [ids.c, ids.b, 424_242].map((model_id) => ({ model_type: 'album', model_id })),
    });
    expect(preview.statusCode).toBe(200);
    expect(preview.json().channel.content.data.map((item: { name: string }) => item.name)).toEqual([
      'Album C',
      'Album B',
    ]);
    const auto = await save('POST', '/api/v1/channels/preview', {
      name: 'Auto',
      config: { content_type: 'auto', content_model: 'album', auto_method: 'new_releases' },
    });
    expect(auto.json().channel.content.data[0].name).toBe('Album C');
    const bad = await save('POST', '/api/v1/channels/preview', { name: '', config: manual() });
    expect(bad.statusCode).toBe(422);
  });

  it('puts a channel on the home page and in the sidebar, and applies presets', async () => {
    const created = await save('POST', '/api/v1/channels', { name: 'Front page', config: manual() });
    const id = created.json().channel.id;
    const placed = await t.app.inject({
      method: 'PUT',
      url: `/api/v1/channels/${id}/placement`,
      headers: admin.headers,
      payload: { home: true, sidebar: true },
    });
    expect(placed.json()).toEqual({ home: true, sidebar: true });
    expect(await t.app.services.settings.get('homepage.value')).toBe('front-page');
    const bootstrap = await t.app.inject({ url: '/api/v1/bootstrap-data' });
    expect(JSON.stringify(bootstrap.json())).toContain('"/front-page"');
    const edit = (await t.app.inject({ url: `/api/v1/channels/${id}`, headers: admin.headers })).json();
    expect(edit.placement).toEqual({ home: true, sidebar: true });
    const refused = await t.app.inject({
      method: 'PUT',
      url: `/api/v1/channels/${id}/placement`,
      headers: listener.headers,
      payload: { home: true },
    });
    expect(refused.statusCode).toBe(403);

    const sharing = await t.app.inject({
      method: 'POST',
      url: '/api/v1/channels/presets/music-sharing',
      headers: admin.headers,
    });
    expect(sharing.json().home).toBe('stream');
    expect(await t.app.services.settings.get('homepage.value')).toBe('stream');
    const home = await t.app.inject({ url: '/api/v1/channel/stream' });
    expect(home.json().channel.content.data.map((c: { slug: string }) => c.slug)).toEqual([
      'trending-tracks',
      'new-uploads',
      'popular-playlists',
      'top-artists',
    ]);
    const streaming = await t.app.inject({
      method: 'POST',
      url: '/api/v1/channels/presets/music-streaming',
      headers: admin.headers,
    });
    expect(streaming.json().home).toBe('discover');
    expect(
      (await t.app.inject({ method: 'POST', url: '/api/v1/channels/presets/nope', headers: admin.headers }))
        .statusCode,
    ).toBe(422);
  });
});
