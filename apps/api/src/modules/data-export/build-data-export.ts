import { Readable } from 'node:stream';
import { strToU8, Zip, ZipDeflate } from 'fflate';
import type { Kysely } from 'kysely';
import type { Database } from '../../platform/db/schema';
import { artistRefsForTracks } from '../catalogue/artist-refs';
import * as repository from './data-export.repository';
import { type ExportedTrack, toCsv, toM3u8, toXspf } from './export-formats';

const json = (value: unknown) => strToU8(`${JSON.stringify(value, null, 2)}\n`);
const slug = (name: string) =>
  name
    .normalize('NFKD')
    .replace(/\p{M}+/gu, '')
    .replace(/[^\p{L}\p{N}]+/gu, '-')
    .replace(/^-|-$/g, '')
    .toLowerCase()
    .slice(0, 60) || 'playlist';
const iso = (date: Date | null) => date?.toISOString() ?? null;

/** Plays read per statement: a heavy listener's years of history never sit in memory at once. */
const HISTORY_PAGE = 2_000;

const HISTORY_COLUMNS = [
  'played_at',
  'track_id',
  'track',
  'artists',
  'album',
  'duration_played_ms',
  'source',
  'platform',
  'device',
  'browser',
  'country',
];

type Entry = { name: string; chunks: AsyncIterable<Uint8Array> | Iterable<Uint8Array> };

/**
 * A zip written as it is read: each entry's chunks are deflated into the archive one at a time,
 * and nothing more is produced until the reader (the storage upload) asks for it.
 */
async function* zipChunks(entries: Entry[]): AsyncGenerator<Uint8Array> {
  const out: Uint8Array[] = [];
  let failure: Error | null = null;
  const zip = new Zip((error, chunk) => {
    if (error) failure = error;
    else out.push(chunk);
  });
  const flush = function* () {
    if (failure) throw failure;
    while (out.length > 0) yield out.shift() as Uint8Array;
  };
  for (const entry of entries) {
    const file = new ZipDeflate(entry.name, { level: 6 });
    zip.add(file);
    for await (const chunk of entry.chunks) {
      file.push(chunk);
      yield* flush();
    }
    file.push(new Uint8Array(0), true);
    yield* flush();
  }
  zip.end();
  yield* flush();
}

/**
 * The "Download your data" archive of one user as a stream: their account, likes, follows,
 * playlists (JSON, M3U8 and XSPF), play history (JSON and CSV, read page by page) and what they
 * uploaded (metadata, not the audio).
 */
export async function dataExportStream(
  db: Kysely<Database>,
  userId: number,
  appUrl: string,
  options: { historyPage?: number } = {},
): Promise<Readable> {
  const pageSize = options.historyPage ?? HISTORY_PAGE;
  const trackUrl = (id: number) => new URL(`/track/${id}`, appUrl).toString();
  const [account, likes, follows, playlists, tracks, files] = await Promise.all([
    repository.accountOf(db, userId),
    repository.likesOf(db, userId),
    repository.followsOf(db, userId),
    repository.playlistsOf(db, userId),
    repository.uploadedTracksOf(db, userId),
    repository.uploadedFilesOf(db, userId),
  ]);
  if (!account) throw new Error('The account no longer exists.');
  const entries = await repository.playlistTracks(
    db,
    playlists.map((playlist) => playlist.id),
  );
  // Artist names by track, filled as pages of history need them (the distinct tracks of a
  // history are far fewer than its plays).
  const artists = await artistRefsForTracks(db, [...new Set(entries.map((entry) => entry.id))]);
  const artistNames = (trackId: number) => (artists.get(trackId) ?? []).map((artist) => artist.name);
  const learnArtists = async (trackIds: number[]) => {
    const missing = [...new Set(trackIds)].filter((id) => !artists.has(id));
    for (const [id, refs] of await artistRefsForTracks(db, missing)) artists.set(id, refs);
    for (const id of missing) if (!artists.has(id)) artists.set(id, []);
  };

  async function* historyPages() {
    let after: { played_at: Date; id: number } | null = null;
    for (;;) {
      const page = await repository.historyPageOf(db, userId, after, pageSize);
      if (page.length === 0) return;
      await learnArtists(page.map((play) => play.track_id));
      yield page.map((play) => ({
        played_at: iso(play.played_at),
        track_id: play.track_id,
        track: play.track,
        artists: artistNames(play.track_id),
        album: play.album,
        duration_played_ms: play.duration_played_ms,
        source: play.source,
        platform: play.platform,
        device: play.device,
        browser: play.browser,
        country: play.country,
      }));
      if (page.length < pageSize) return;
      const last = page[page.length - 1] as (typeof page)[number];
      after = { played_at: last.played_at, id: Number(last.id) };
    }
  }

  // The same text `JSON.stringify(plays, null, 2)` writes, one page at a time.
  async function* historyJson() {
    let first = true;
    yield strToU8('[');
    for await (const page of historyPages()) {
      const items = page.map((play) => `\n  ${JSON.stringify(play, null, 2).replaceAll('\n', '\n  ')}`);
      yield strToU8(`${first ? '' : ','}${items.join(',')}`);
      first = false;
    }
    yield strToU8(first ? ']\n' : '\n]\n');
  }

  async function* historyCsv() {
    yield strToU8(toCsv(HISTORY_COLUMNS, []));
    for await (const page of historyPages()) {
      const rows = page.map((play) => [
        play.played_at,
        play.track_id,
        play.track,
        play.artists.join(', '),
        play.album,
        play.duration_played_ms,
        play.source,
        play.platform,
        play.device,
        play.browser,
        play.country,
      ]);
      // Every page's text but the header line.
      yield strToU8(toCsv(HISTORY_COLUMNS, rows).split('\r\n').slice(1).join('\r\n'));
    }
  }

  const named = async <T extends { type: string; id: number }>(rows: T[]) => {
    const byType = new Map<string, Map<number, string>>();
    for (const type of new Set(rows.map((row) => row.type)))
      byType.set(
        type,
        await repository.namesOf(
          db,
          type as 'track',
          rows.filter((row) => row.type === type).map((row) => row.id),
        ),
      );
    return rows.map((row) => ({ ...row, name: byType.get(row.type)?.get(row.id) ?? null }));
  };

  const archive: Record<string, Uint8Array> = {
    'README.txt': strToU8(
      `Your data on ${appUrl}, exported ${new Date().toISOString()}.\n\naccount.json: your account\nlikes.json, follows.json: what you like and follow\nplaylists/: each playlist you own as JSON, M3U8 and XSPF\nhistory.json, history.csv: the plays counted for you\nuploads.json: the tracks and files you uploaded (their details, not the audio)\n`,
    ),
    'account.json': json({
      ...account,
      email_verified_at: iso(account.email_verified_at),
      two_factor_confirmed_at: iso(account.two_factor_confirmed_at),
      created_at: iso(account.created_at),
      updated_at: iso(account.updated_at),
    }),
    'likes.json': json(
      await named(
        likes.map((like) => ({
          type: like.likeable_type,
          id: like.likeable_id,
          liked_at: iso(like.created_at),
        })),
      ),
    ),
    'follows.json': json(
      await named(
        follows.map((follow) => ({
          type: follow.followable_type,
          id: follow.followable_id,
          followed_at: iso(follow.created_at),
        })),
      ),
    ),
  };

  const seen = new Set<string>();
  for (const playlist of playlists) {
    const list: ExportedTrack[] = entries
      .filter((entry) => entry.playlist_id === playlist.id)
      .map((entry) => ({
        id: entry.id,
        name: entry.name,
        artists: artistNames(entry.id),
        album: entry.album,
        duration_ms: entry.duration === null ? null : Number(entry.duration),
        url: trackUrl(entry.id),
      }));
    let base = `playlists/${playlist.id}-${slug(playlist.name)}`;
    while (seen.has(base)) base = `${base}-${playlist.id}`;
    seen.add(base);
    archive[`${base}.json`] = json({
      id: playlist.id,
      name: playlist.name,
      description: playlist.description,
      public: playlist.public,
      collaborative: playlist.collaborative,
      smart_rules: playlist.smart_rules,
      created_at: iso(playlist.created_at),
      updated_at: iso(playlist.updated_at),
      tracks: list,
    });
    archive[`${base}.m3u8`] = strToU8(toM3u8(playlist.name, list));
    archive[`${base}.xspf`] = strToU8(toXspf(playlist.name, list));
  }

  archive['uploads.json'] = json({
    tracks: tracks.map((track) => ({
      id: track.id,
      name: track.name,
      album: track.album,
      duration_ms: track.duration === null ? null : Number(track.duration),
      visibility: track.visibility,
      uploaded_at: iso(track.created_at),
    })),
    files: files.map((file) => ({
      id: file.id,
      name: file.name,
      mime: file.mime,
      extension: file.extension,
      size: Number(file.file_size),
      uploaded_at: iso(file.created_at),
    })),
  });
  const ordered: Entry[] = Object.entries(archive).map(([name, bytes]) => ({ name, chunks: [bytes] }));
  ordered.push(
    { name: 'history.json', chunks: historyJson() },
    { name: 'history.csv', chunks: historyCsv() },
  );
  return Readable.from(zipChunks(ordered), { objectMode: false });
}
