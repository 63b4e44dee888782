import { ZAlbumResponseSchema } from '@cadence/contracts/album';
import { ZArtistResponseSchema } from '@cadence/contracts/artist';
import { pageRequests, pageRequestUrl } from '@cadence/contracts/page-requests';
import { ZTrackResponseSchema } from '@cadence/contracts/track';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app';
import { ALBUM_COLUMNS, albumReleaseDate } from '../albums/albums.repository';
import { toAlbumDtos } from '../albums/albums.service';
import { toArtistDtos } from '../artists/artists.service';
import { actor, type Headers, insertAlbum, insertArtist, insertTrack } from './catalogue.test-helper';
import { toTrackDtos } from './track-dto';

/**
 * Every write path that changes an album, artist, track or playlist drops the cached pages that
 * show it: each row warms the listener pages (as a guest, the shared answers), writes through the
 * real endpoint, and reads them again. Adding a write path is adding a row.
 */

let t: TestApp;
let editor: { id: number; headers: Headers };
let run = 0;

type Fixture = {
  artist: number;
  album: number;
  track: number;
  second: number;
  playlist: number;
  genre: string;
  tag: number;
  channel: { id: number; slug: string };
};

const page = {
  album: (id: number) => pageRequestUrl(pageRequests.album(id)),
  artist: (id: number) => pageRequestUrl(pageRequests.artist(id)),
  track: (id: number) => pageRequestUrl(pageRequests.track(id)),
  playlist: (id: number) => pageRequestUrl(pageRequests.playlist(id)),
  channel: (f: Fixture) => pageRequestUrl(pageRequests.channel(f.channel.slug)),
  /** Search and typeahead answers are cached too, under one stamp every catalogue write drops. */
  search: (query: string, extra = '') => `/api/v1/search?query=${encodeURIComponent(query)}${extra}`,
  suggestions: (query: string) => `/api/v1/search/suggestions?query=${encodeURIComponent(query)}&limit=20`,
};
const ids = (items: { id: number }[]) => items.map((item) => item.id);

const get = (url: string) => t.app.inject({ url });
const send = (method: 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
  t.app.inject({ method, url, headers: editor.headers, ...(payload ? { payload } : {}) });

/**
 * An artist with an album of two tracks, the first in a public playlist, with a genre and a tag,
 * and a channel that lists the album.
 */
async function fixture(): Promise<Fixture> {
  run += 1;
  const artist = await insertArtist(t, `Cache Artist ${run}`);
  const album = await insertAlbum(t, `Cache Album ${run}`, artist);
  const track = await insertTrack(t, {
    name: `Cache Song ${run}`,
    artistId: artist,
    albumId: album,
    number: 1,
  });
  const second = await insertTrack(t, {
    name: `Cache B-side ${run}`,
    artistId: artist,
    albumId: album,
    number: 2,
  });
  const genre = `cachegenre${run}`;
  const tagged = await send('PUT', `/api/v1/albums/${album}`, { genres: [genre], tags: [`cachetag${run}`] });
  expect(tagged.statusCode).toBe(200);
  const tag = tagged.json().album.tags[0].id as number;
  const created = await send('POST', '/api/v1/playlists', { name: `Cache List ${run}`, public: true });
  const playlist = created.json().playlist.id as number;
  expect(
    (await send('POST', `/api/v1/playlists/${playlist}/tracks`, { track_ids: [track] })).statusCode,
  ).toBe(200);
  const listed = await send('POST', '/api/v1/channels', {
    name: `Cache Channel ${run}`,
    config: { content_type: 'manual', content_model: 'album' },
    content: [{ model_type: 'album', model_id: album }],
  });
  expect(listed.statusCode).toBe(201);
  const channel = { id: listed.json().channel.id as number, slug: listed.json().channel.slug as string };
  return { artist, album, track, second, playlist, genre, tag, channel };
}

type Check = [
  url: (f: Fixture) => string,
  expectation: (response: LightMyRequestResponse, f: Fixture) => void,
];
type Row = { path: string; write: (f: Fixture) => Promise<LightMyRequestResponse>; checks: Check[] };

const json = (response: LightMyRequestResponse) => {
  expect(response.statusCode).toBe(200);
  return response.json();
};
const gone = (response: LightMyRequestResponse) => expect(response.statusCode).toBe(404);
const RENAMED = 'Renamed';

const rows: Row[] = [
  {
    path: 'PUT /albums/:id (rename)',
    write: (f) => send('PUT', `/api/v1/albums/${f.album}`, { name: RENAMED }),
    checks: [
      [(f) => page.album(f.album), (r) => expect(json(r).album.name).toBe(RENAMED)],
      [(f) => page.track(f.track), (r) => expect(json(r).track.album.name).toBe(RENAMED)],
      [(f) => page.artist(f.artist), (r) => expect(json(r).artist.albums[0].name).toBe(RENAMED)],
      [(f) => page.playlist(f.playlist), (r) => expect(json(r).playlist.tracks[0].album.name).toBe(RENAMED)],
      [page.channel, (r) => expect(json(r).channel.content.data[0].name).toBe(RENAMED)],
    ],
  },
  {
    path: 'PUT /albums/:id (track_ids: one track leaves)',
    write: (f) => send('PUT', `/api/v1/albums/${f.album}`, { track_ids: [f.track] }),
    checks: [
      [
        (f) => page.album(f.album),
        (r, f) => expect(json(r).album.tracks.map((x: { id: number }) => x.id)).toEqual([f.track]),
      ],
      [(f) => page.track(f.second), (r) => expect(json(r).track.album).toBeNull()],
    ],
  },
  {
    path: 'PUT /albums/:id (artist_ids: credits change)',
    write: async (f) => {
      const other = await insertArtist(t, `Guest Artist ${run}`);
      return send('PUT', `/api/v1/albums/${f.album}`, { artist_ids: [other] });
    },
    checks: [
      [(f) => page.album(f.album), (r) => expect(json(r).album.artists[0].name).toMatch(/^Guest Artist/)],
      [(f) => page.artist(f.artist), (r) => expect(json(r).artist.albums).toEqual([])],
    ],
  },
  {
    path: 'DELETE /albums/:id',
    write: (f) => send('DELETE', `/api/v1/albums/${f.album}`),
    checks: [
      [(f) => page.album(f.album), gone],
      [(f) => page.track(f.track), gone],
      [(f) => page.artist(f.artist), (r) => expect(json(r).artist.albums).toEqual([])],
      [(f) => page.playlist(f.playlist), (r) => expect(json(r).playlist.tracks).toEqual([])],
      [page.channel, (r) => expect(json(r).channel.content.data).toEqual([])],
    ],
  },
  {
    path: 'PUT /channels/:id',
    write: (f) =>
      send('PUT', `/api/v1/channels/${f.channel.id}`, {
        name: RENAMED,
        slug: f.channel.slug,
        config: { content_type: 'manual', content_model: 'album' },
      }),
    checks: [[page.channel, (r) => expect(json(r).channel.name).toBe(RENAMED)]],
  },
  {
    path: 'POST /albums',
    write: (f) => send('POST', '/api/v1/albums', { name: 'Second Album', artist_ids: [f.artist] }),
    checks: [[(f) => page.artist(f.artist), (r) => expect(json(r).artist.albums).toHaveLength(2)]],
  },
  {
    path: 'PUT /tracks/:id (rename)',
    write: (f) => send('PUT', `/api/v1/tracks/${f.track}`, { name: RENAMED }),
    checks: [
      [(f) => page.track(f.track), (r) => expect(json(r).track.name).toBe(RENAMED)],
      [(f) => page.album(f.album), (r) => expect(json(r).album.tracks[0].name).toBe(RENAMED)],
      [
        (f) => page.artist(f.artist),
        (r) => expect(json(r).artist.top_tracks.map((x: { name: string }) => x.name)).toContain(RENAMED),
      ],
      [(f) => page.playlist(f.playlist), (r) => expect(json(r).playlist.tracks[0].name).toBe(RENAMED)],
      [
        () => page.search(RENAMED, '&types=tracks&perPage=50'),
        (r, f) => expect(ids(json(r).results.tracks)).toContain(f.track),
      ],
    ],
  },
  {
    path: 'PUT /tracks/:id (made private)',
    write: (f) => send('PUT', `/api/v1/tracks/${f.track}`, { visibility: 'private' }),
    checks: [
      [(f) => page.track(f.track), gone],
      [
        () => page.search(`Cache ${run}`, '&types=tracks&perPage=50'),
        (r, f) => {
          const found = ids(json(r).results.tracks);
          expect(found).toContain(f.second);
          expect(found).not.toContain(f.track);
        },
      ],
      [
        (f) => page.album(f.album),
        (r, f) => expect(json(r).album.tracks.map((x: { id: number }) => x.id)).toEqual([f.second]),
      ],
    ],
  },
  {
    path: 'PUT /tracks/:id (moved off its album)',
    write: (f) => send('PUT', `/api/v1/tracks/${f.track}`, { album_id: null }),
    checks: [
      [
        (f) => page.album(f.album),
        (r, f) => expect(json(r).album.tracks.map((x: { id: number }) => x.id)).toEqual([f.second]),
      ],
      [(f) => page.playlist(f.playlist), (r) => expect(json(r).playlist.tracks[0].album).toBeNull()],
    ],
  },
  {
    path: 'DELETE /tracks/:id',
    write: (f) => send('DELETE', `/api/v1/tracks/${f.track}`),
    checks: [
      [(f) => page.track(f.track), gone],
      [(f) => page.album(f.album), (r) => expect(json(r).album.tracks).toHaveLength(1)],
      [(f) => page.playlist(f.playlist), (r) => expect(json(r).playlist.tracks).toEqual([])],
    ],
  },
  {
    path: 'POST /tracks (onto the album)',
    write: (f) =>
      send('POST', '/api/v1/tracks', { name: 'Bonus', artist_ids: [f.artist], album_id: f.album }),
    checks: [[(f) => page.album(f.album), (r) => expect(json(r).album.tracks).toHaveLength(3)]],
  },
  {
    path: 'PUT /artists/:id (rename)',
    write: (f) => send('PUT', `/api/v1/artists/${f.artist}`, { name: RENAMED }),
    checks: [
      [(f) => page.artist(f.artist), (r) => expect(json(r).artist.name).toBe(RENAMED)],
      [(f) => page.album(f.album), (r) => expect(json(r).album.artists[0].name).toBe(RENAMED)],
      [(f) => page.track(f.track), (r) => expect(json(r).track.artists[0].name).toBe(RENAMED)],
      [
        (f) => page.playlist(f.playlist),
        (r) => expect(json(r).playlist.tracks[0].artists[0].name).toBe(RENAMED),
      ],
      [
        () => page.suggestions(RENAMED),
        (r, f) =>
          expect(json(r).results).toContainEqual(expect.objectContaining({ type: 'artist', id: f.artist })),
      ],
    ],
  },
  {
    path: 'PUT /artists/:id (disabled)',
    write: (f) => send('PUT', `/api/v1/artists/${f.artist}`, { disabled: true }),
    checks: [[(f) => page.artist(f.artist), gone]],
  },
  {
    path: 'DELETE /artists/:id',
    write: (f) => send('DELETE', `/api/v1/artists/${f.artist}`),
    checks: [
      [(f) => page.artist(f.artist), gone],
      [(f) => page.album(f.album), (r) => expect(json(r).album.artists).toEqual([])],
      [(f) => page.track(f.track), (r) => expect(json(r).track.artists).toEqual([])],
    ],
  },
  {
    path: 'PUT /playlists/:id (rename)',
    write: (f) => send('PUT', `/api/v1/playlists/${f.playlist}`, { name: RENAMED }),
    checks: [[(f) => page.playlist(f.playlist), (r) => expect(json(r).playlist.name).toBe(RENAMED)]],
  },
  {
    path: 'PUT /playlists/:id (made private)',
    write: (f) => send('PUT', `/api/v1/playlists/${f.playlist}`, { public: false }),
    checks: [[(f) => page.playlist(f.playlist), gone]],
  },
  {
    path: 'POST /playlists/:id/tracks',
    write: (f) => send('POST', `/api/v1/playlists/${f.playlist}/tracks`, { track_ids: [f.second] }),
    checks: [[(f) => page.playlist(f.playlist), (r) => expect(json(r).playlist.tracks).toHaveLength(2)]],
  },
  {
    path: 'DELETE /playlists/:id/tracks',
    write: (f) => send('DELETE', `/api/v1/playlists/${f.playlist}/tracks`, { track_ids: [f.track] }),
    checks: [[(f) => page.playlist(f.playlist), (r) => expect(json(r).playlist.tracks).toEqual([])]],
  },
  {
    path: 'PUT /playlists/:id/tracks/order',
    write: async (f) => {
      await send('POST', `/api/v1/playlists/${f.playlist}/tracks`, { track_ids: [f.second] });
      // The add above already dropped the page: warm it again so the reorder alone must drop it.
      await get(page.playlist(f.playlist));
      return send('PUT', `/api/v1/playlists/${f.playlist}/tracks/order`, { track_ids: [f.second, f.track] });
    },
    checks: [
      [
        (f) => page.playlist(f.playlist),
        (r, f) =>
          expect(json(r).playlist.tracks.map((x: { id: number }) => x.id)).toEqual([f.second, f.track]),
      ],
    ],
  },
  {
    path: 'POST /playlists/:id/collaborators',
    write: async (f) => {
      const friend = await actor(t);
      return send('POST', `/api/v1/playlists/${f.playlist}/collaborators`, { user_id: friend.id });
    },
    checks: [[(f) => page.playlist(f.playlist), (r) => expect(json(r).playlist.editors).toHaveLength(1)]],
  },
  {
    path: 'DELETE /playlists/:id',
    write: (f) => send('DELETE', `/api/v1/playlists/${f.playlist}`),
    checks: [[(f) => page.playlist(f.playlist), gone]],
  },
  {
    path: 'PUT /users/:id (the playlist owner renamed)',
    write: () => send('PUT', `/api/v1/users/${editor.id}`, { name: `${RENAMED} Owner` }),
    checks: [
      [(f) => page.playlist(f.playlist), (r) => expect(json(r).playlist.owner.name).toBe(`${RENAMED} Owner`)],
    ],
  },
  {
    path: 'DELETE /users (an admin deletes the playlist owner)',
    write: async (f) => {
      const owner = await actor(t);
      await t.deps.db
        .updateTable('playlists')
        .set({ owner_id: owner.id })
        .where('id', '=', f.playlist)
        .execute();
      const admin = await actor(t, ['users.delete']);
      return t.app.inject({
        method: 'DELETE',
        url: '/api/v1/users',
        headers: admin.headers,
        payload: { ids: [owner.id] },
      });
    },
    checks: [[(f) => page.playlist(f.playlist), gone]],
  },
  {
    path: 'POST /users/me/follows (the artist page counts its new follower)',
    write: (f) =>
      send('POST', '/api/v1/users/me/follows', { followable_type: 'artist', followable_id: f.artist }),
    checks: [[(f) => page.artist(f.artist), (r) => expect(json(r).artist.counts.followers).toBe(1)]],
  },
  {
    path: 'POST /users/me/likes (the artist page counts its new like)',
    write: (f) => send('POST', '/api/v1/users/me/likes', { likeable_type: 'artist', likeable_id: f.artist }),
    checks: [[(f) => page.artist(f.artist), (r) => expect(json(r).artist.counts.likes).toBe(1)]],
  },
  {
    path: 'PUT /tracks/:id/lyrics',
    write: (f) => send('PUT', `/api/v1/tracks/${f.track}/lyrics`, { text: 'la la la', synced: false }),
    checks: [
      [(f) => `/api/v1/tracks/${f.track}?with=lyrics`, (r) => expect(json(r).track.has_lyrics).toBe(true)],
    ],
  },
  {
    path: 'PUT /genres/:name',
    write: (f) => send('PUT', `/api/v1/genres/${f.genre}`, { display_name: RENAMED }),
    checks: [[(f) => page.album(f.album), (r) => expect(json(r).album.genres[0].display_name).toBe(RENAMED)]],
  },
  {
    path: 'POST /genres/merge',
    write: async (f) => {
      await send('POST', '/api/v1/genres', { name: `${f.genre}x` });
      return send('POST', '/api/v1/genres/merge', { from: f.genre, into: `${f.genre}x` });
    },
    checks: [
      [(f) => page.album(f.album), (r, f) => expect(json(r).album.genres[0].name).toBe(`${f.genre}x`)],
    ],
  },
  {
    path: 'PUT /tags/:id',
    write: (f) => send('PUT', `/api/v1/tags/${f.tag}`, { display_name: RENAMED }),
    checks: [[(f) => page.album(f.album), (r) => expect(json(r).album.tags[0].display_name).toBe(RENAMED)]],
  },
  {
    path: 'DELETE /admin/tracks',
    write: (f) => send('DELETE', '/api/v1/admin/tracks', { ids: [f.track] }),
    checks: [
      [(f) => page.track(f.track), gone],
      [(f) => page.album(f.album), (r) => expect(json(r).album.tracks).toHaveLength(1)],
      [(f) => page.playlist(f.playlist), (r) => expect(json(r).playlist.tracks).toEqual([])],
    ],
  },
  {
    path: 'DELETE /admin/albums',
    write: (f) => send('DELETE', '/api/v1/admin/albums', { ids: [f.album] }),
    checks: [
      [(f) => page.album(f.album), gone],
      [(f) => page.artist(f.artist), (r) => expect(json(r).artist.albums).toEqual([])],
    ],
  },
  {
    path: 'DELETE /admin/artists',
    write: (f) => send('DELETE', '/api/v1/admin/artists', { ids: [f.artist] }),
    checks: [
      [(f) => page.artist(f.artist), gone],
      [(f) => page.track(f.track), (r) => expect(json(r).track.artists).toEqual([])],
    ],
  },
  {
    path: 'POST /reports/:id/resolve (hide track)',
    write: async (f) => {
      const reporter = await actor(t);
      const report = await t.app.inject({
        method: 'POST',
        url: '/api/v1/reports',
        headers: reporter.headers,
        payload: { reportable_type: 'track', reportable_id: f.track, reason: 'spam' },
      });
      expect(report.statusCode).toBe(201);
      return send('POST', `/api/v1/reports/${report.json().report.id}/resolve`, { resolution: 'hide' });
    },
    checks: [
      [(f) => page.track(f.track), gone],
      [(f) => page.album(f.album), (r) => expect(json(r).album.tracks).toHaveLength(1)],
    ],
  },
  {
    path: 'PUT /backstage/albums/:id/tracks',
    write: (f) =>
      send('PUT', `/api/v1/backstage/albums/${f.album}/tracks`, { track_ids: [f.second, f.track] }),
    checks: [
      [
        (f) => page.album(f.album),
        (r, f) => expect(json(r).album.tracks.map((x: { id: number }) => x.id)).toEqual([f.second, f.track]),
      ],
    ],
  },
];

beforeAll(async () => {
  t = await createTestApp();
  editor = await actor(t, [
    'music.view',
    'music.create',
    'music.update',
    'music.delete',
    'artists.update',
    'artists.delete',
    'albums.delete',
    'tracks.delete',
    'playlists.create',
    'playlists.update',
    'playlists.delete',
    'lyrics.create',
    'lyrics.update',
    'genres.create',
    'genres.update',
    'tags.update',
    'reports.handle',
    'channels.create',
    'channels.update',
  ]);
});
afterAll(async () => t?.close());

describe('catalogue cache', () => {
  it('serves a warm page from the cache, byte for byte, until a write drops it', async () => {
    const f = await fixture();
    const first = await get(page.album(f.album));
    // A write behind the app's back (no invalidation) is not seen: the page is cached.
    await t.deps.db
      .updateTable('albums')
      .set({ name: 'Behind the back' })
      .where('id', '=', f.album)
      .execute();
    const second = await get(page.album(f.album));
    expect(second.statusCode).toBe(200);
    expect(second.headers['content-type']).toBe(first.headers['content-type']);
    expect(second.body).toBe(first.body);
    expect((await get(`/api/v1/albums/${f.album}`)).json().album.name).toBe('Behind the back');
  });

  it("never shares a viewer-dependent answer: a private track stays its owner's", async () => {
    const f = await fixture();
    await t.deps.db
      .updateTable('tracks')
      .set({ visibility: 'private', owner_id: editor.id })
      .where('id', '=', f.track)
      .execute();
    const mine = await t.app.inject({ url: page.track(f.track), headers: editor.headers });
    expect(mine.statusCode).toBe(200);
    gone(await get(page.track(f.track)));
  });

  it('answers the album page in one statement exactly as the batched queries did', async () => {
    const f = await fixture();
    await insertTrack(t, { name: 'Unnumbered', artistId: f.artist, albumId: f.album });
    await insertTrack(t, { name: 'Hidden', artistId: f.artist, albumId: f.album, visibility: 'private' });
    const include = { with: ['tracks', 'genres', 'tags'] };
    const row = await t.deps.db
      .selectFrom('albums')
      .select([...ALBUM_COLUMNS, albumReleaseDate()])
      .where('id', '=', f.album)
      .executeTakeFirstOrThrow();
    const [batched] = await toAlbumDtos(t.deps.db, [row], include);
    const body = (await get(page.album(f.album))).body;
    expect(body).toBe(JSON.stringify(ZAlbumResponseSchema.parse({ album: batched })));
    expect(JSON.parse(body).album.tracks).toHaveLength(3);
  });

  it('answers the track page in one statement exactly as the batched queries did', async () => {
    const f = await fixture();
    await send('PUT', `/api/v1/tracks/${f.track}`, { genres: ['cachetrackgenre'], tags: ['cachetracktag'] });
    const row = await t.deps.db
      .selectFrom('tracks')
      .selectAll()
      .where('id', '=', f.track)
      .executeTakeFirstOrThrow();
    const [batched] = await toTrackDtos(t.deps.db, [row], { with: ['genres', 'tags'] });
    const body = (await get(page.track(f.track))).body;
    expect(body).toBe(JSON.stringify(ZTrackResponseSchema.parse({ track: batched })));
    expect(JSON.parse(body).track.genres).toHaveLength(1);
  });

  it('answers the artist page in one statement exactly as the batched queries did', async () => {
    const f = await fixture();
    const older = await insertAlbum(t, `Cache Older ${run}`, f.artist);
    await t.deps.db.updateTable('albums').set({ release_date: null }).where('id', '=', older).execute();
    const guest = await insertArtist(t, `Cache Guest ${run}`);
    const duet = await insertTrack(t, { name: `Cache Duet ${run}`, artistId: f.artist, albumId: older });
    await t.deps.db.insertInto('artist_track').values({ artist_id: guest, track_id: duet }).execute();
    await insertTrack(t, { name: `Cache Secret ${run}`, artistId: f.artist, visibility: 'private' });
    await t.deps.db.updateTable('tracks').set({ plays: 42 }).where('id', '=', f.second).execute();
    await t.deps.db
      .insertInto('likes')
      .values({ user_id: editor.id, likeable_type: 'artist', likeable_id: f.artist })
      .execute();
    await t.deps.db
      .insertInto('follows')
      .values({ follower_id: editor.id, followable_type: 'artist', followable_id: f.artist })
      .execute();
    const tagged = await send('PUT', `/api/v1/artists/${f.artist}`, {
      genres: [`cacheartistgenre${run}`, `anothergenre${run}`],
      tags: [`cacheartisttag${run}`],
    });
    expect(tagged.statusCode).toBe(200);
    const row = await t.deps.db
      .selectFrom('artists')
      .selectAll()
      .where('id', '=', f.artist)
      .executeTakeFirstOrThrow();
    const variants = [
      {
        with: ['albums', 'top_tracks', 'genres', 'tags'],
        loadCount: ['albums', 'tracks', 'likes', 'followers'],
      },
      { with: ['albums', 'top_tracks', 'genres'], loadCount: ['followers', 'likes'] },
      { with: [], loadCount: [] },
    ];
    for (const include of variants) {
      const [batched] = await toArtistDtos(t.deps.db, [row], include);
      const url = `/api/v1/artists/${f.artist}?with=${include.with.join(',')}&loadCount=${include.loadCount.join(',')}`;
      const answer = await get(url);
      expect(answer.statusCode, answer.body).toBe(200);
      expect(answer.json()).toEqual(
        JSON.parse(JSON.stringify(ZArtistResponseSchema.parse({ artist: batched }))),
      );
    }
    const { artist } = (await get(page.artist(f.artist))).json();
    expect(artist.albums.map((album: { id: number }) => album.id)).toEqual([f.album, older]);
    expect(artist.top_tracks[0]).toMatchObject({ id: f.second, plays: 42 });
    expect(artist.top_tracks).toHaveLength(3);
    expect(artist.top_tracks.find((track: { id: number }) => track.id === duet).artists).toHaveLength(2);
    expect(artist.genres).toHaveLength(2);
    expect(artist.counts).toEqual({ followers: 1, likes: 1 });
  });

  it.each(rows)('$path drops every page that shows the change', async ({ write, checks }) => {
    const f = await fixture();
    for (const [url] of checks) await get(url(f));
    const written = await write(f);
    expect(written.statusCode, written.body).toBeLessThan(300);
    for (const [url, expectation] of checks) expectation(await get(url(f)), f);
  });
});
