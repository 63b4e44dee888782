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
let listener: { id: number; headers: Headers };
const ids: Record<string, number> = {};

beforeAll(async () => {
  t = await createTestApp();
  listener = await actor(t, ['music.view', 'playlists.create', 'playlists.view']);
  const queen = await insertArtist(t, 'Queen');
  const beyonce = await insertArtist(t, 'Beyoncé');
  const opera = await insertAlbum(t, 'A Night at the Opera', queen);
  ids.rhapsody = await insertTrack(t, {
    name: 'Bohemian Rhapsody',
    artistId: queen,
    albumId: opera,
    duration: 354_000,
  });
  ids.dontStop = await insertTrack(t, { name: "Don't Stop Me Now", artistId: queen, duration: 209_000 });
  ids.dejaVu = await insertTrack(t, { name: 'Déjà Vu', artistId: beyonce, duration: 240_000 });
  ids.halo = await insertTrack(t, { name: 'Halo', artistId: beyonce, duration: 261_000 });
  // Someone else's private track is never matched.
  const other = await actor(t, []);
  ids.secret = await insertTrack(t, {
    name: 'Secret Song',
    artistId: queen,
    ownerId: other.id,
    visibility: 'private',
  });
}, 120_000);
afterAll(async () => t?.close());

const upload = (body: string | Buffer, query = '') =>
  t.app.inject({
    method: 'POST',
    url: `/api/v1/playlists/import${query}`,
    headers: { ...listener.headers, 'content-type': 'application/octet-stream' },
    payload: typeof body === 'string' ? Buffer.from(body) : body,
  });
const playlistCount = async () =>
  Number(
    (
      await t.deps.db
        .selectFrom('playlists')
        .select((eb) => eb.fn.countAll<string>().as('n'))
        .where('owner_id', '=', listener.id)
        .executeTakeFirstOrThrow()
    ).n,
  );
const tracksOf = async (playlistId: number) =>
  (
    await t.deps.db
      .selectFrom('playlist_track')
      .select('track_id')
      .where('playlist_id', '=', playlistId)
      .orderBy('position')
      .execute()
  ).map((row) => row.track_id);

describe('playlist import', () => {
  it('matches an M3U8 by title, artist and duration, accent- and case-free, and reports what did not match', async () => {
    const m3u = [
      '#EXTM3U',
      '#EXTINF:354,Queen - Bohemian Rhapsody (Remastered 2011)',
      '/music/Queen/01 Bohemian Rhapsody.flac',
      '#EXTINF:240,BEYONCE - deja vu',
      'C:\\Music\\deja vu.mp3',
      '#EXTINF:200,Nobody Known - A Song Nobody Has',
      'nobody.mp3',
      '#EXTINF:100,Queen - Secret Song',
      'secret.mp3',
      'Queen - Halo.mp3',
    ].join('\r\n');
    const answer = await upload(m3u, '?name=Road%20trip');
    expect(answer.statusCode).toBe(200);
    const report = answer.json();
    expect(report.format).toBe('m3u');
    const [playlist] = report.playlists;
    expect(playlist.name).toBe('Road trip');
    expect(playlist.matched.map((match: { track: { id: number } }) => match.track.id)).toEqual([
      ids.rhapsody,
      ids.dejaVu,
    ]);
    expect(playlist.matched[0]).toMatchObject({
      entry: {
        position: 1,
        title: 'Bohemian Rhapsody (Remastered 2011)',
        artist: 'Queen',
        duration_ms: 354_000,
      },
      track: { name: 'Bohemian Rhapsody', artists: ['Queen'], album: 'A Night at the Opera' },
    });
    // "Halo" by Queen is another song than Beyoncé's: the artist keeps it under the threshold.
    expect(playlist.unmatched.map((entry: { title: string }) => entry.title)).toEqual([
      'A Song Nobody Has',
      'Secret Song',
      'Halo',
    ]);
    expect(await tracksOf(playlist.playlist_id)).toEqual([ids.rhapsody, ids.dejaVu]);
  });

  it('reads XSPF, and answers broken XML with a 422 and nothing created', async () => {
    const xspf = `<?xml version="1.0" encoding="UTF-8"?>
<playlist version="1" xmlns="http://xspf.org/ns/0/">
  <title>Queen &amp; co</title>
  <trackList>
    <track><title>Don't stop me now</title><creator>Queen</creator><duration>209000</duration></track>
    <track><title>Halo</title><creator>Beyonce</creator><album>I Am... Sasha Fierce</album></track>
  </trackList>
</playlist>`;
    const answer = await upload(xspf);
    expect(answer.statusCode).toBe(200);
    const [playlist] = answer.json().playlists;
    expect(playlist.name).toBe('Queen & co');
    expect(await tracksOf(playlist.playlist_id)).toEqual([ids.dontStop, ids.halo]);

    const before = await playlistCount();
    const broken = await upload(
      '<?xml version="1.0"?><playlist><trackList><track><title>Halo</track></playlist>',
    );
    expect(broken.statusCode).toBe(422);
    expect(broken.json().errors.file).toMatch(/^The XML is broken: /);
    const notXspf = await upload('<html><body>hello</body></html>');
    expect(notXspf.statusCode).toBe(422);
    expect(await playlistCount()).toBe(before);
  });

  it("creates one playlist per playlist of Spotify's Playlist1.json; broken JSON is a 422", async () => {
    const spotify = {
      playlists: [
        {
          name: 'Spotify mix',
          lastModifiedDate: '2024-01-01',
          items: [
            {
              track: {
                trackName: 'Bohemian Rhapsody - Remastered 2011',
                artistName: 'Queen',
                albumName: 'A Night At The Opera',
                trackUri: 'spotify:track:1',
              },
              episode: null,
            },
            { track: null, episode: { episodeName: 'A podcast' } },
          ],
        },
        { name: 'Nothing here', items: [{ track: { trackName: 'Unknown Thing', artistName: 'Nobody' } }] },
      ],
    };
    const answer = await upload(JSON.stringify(spotify, null, 2));
    expect(answer.statusCode).toBe(200);
    const report = answer.json();
    expect(report.format).toBe('spotify');
    expect(report.playlists).toHaveLength(2);
    expect(report.playlists[0].name).toBe('Spotify mix');
    expect(await tracksOf(report.playlists[0].playlist_id)).toEqual([ids.rhapsody]);
    // Nothing matched: reported, but no empty playlist is made.
    expect(report.playlists[1]).toMatchObject({ name: 'Nothing here', playlist_id: null, matched: [] });

    const before = await playlistCount();
    const broken = await upload('{"playlists": [ {"name": "x", "items": [ }');
    expect(broken.statusCode).toBe(422);
    expect(broken.json().errors.file).toMatch(/^The JSON is broken: /);
    expect((await upload('{"tracks": []}')).statusCode).toBe(422);
    expect(await playlistCount()).toBe(before);
  });

  it('refuses 100,000 lines or 50 MB with a message, creating nothing', async () => {
    const before = await playlistCount();
    const long = Array.from({ length: 100_001 }, (_, i) => `song-${i}.mp3`).join('\n');
    const tooLong = await upload(long);
    expect(tooLong.statusCode).toBe(422);
    expect(tooLong.json().message).toBe(
      'The playlist has more than 100,000 lines: split it into smaller files.',
    );
    const tooLarge = await upload(Buffer.alloc(50 * 1024 * 1024 + 1, 0x61));
    expect(tooLarge.statusCode).toBe(422);
    expect(tooLarge.json().message).toBe('The file is larger than 50 MB: split it into smaller files.');
    expect((await upload('')).statusCode).toBe(422);
    expect(await playlistCount()).toBe(before);
  });

  it('is for those who may create playlists', async () => {
    const guest = await t.app.inject({
      method: 'POST',
      url: '/api/v1/playlists/import',
      headers: { 'content-type': 'application/octet-stream' },
      payload: Buffer.from('a.mp3'),
    });
    expect([401, 403]).toContain(guest.statusCode);
  });
});
