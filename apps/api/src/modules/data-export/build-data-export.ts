import { strToU8, type Zippable, zipSync } from 'fflate';
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

/**
 * The "Download your data" archive of one user: their account, likes, follows, playlists (JSON,
 * M3U8 and XSPF), play history (JSON and CSV) and what they uploaded (metadata, not the audio).
 */
export async function buildDataExport(
  db: Kysely<Database>,
  userId: number,
  appUrl: string,
): Promise<Uint8Array> {
  const trackUrl = (id: number) => new URL(`/track/${id}`, appUrl).toString();
  const [account, likes, follows, playlists, history, tracks, files] = await Promise.all([
    repository.accountOf(db, userId),
    repository.likesOf(db, userId),
    repository.followsOf(db, userId),
    repository.playlistsOf(db, userId),
    repository.historyOf(db, userId),
    repository.uploadedTracksOf(db, userId),
    repository.uploadedFilesOf(db, userId),
  ]);
  if (!account) throw new Error('The account no longer exists.');
  const entries = await repository.playlistTracks(
    db,
    playlists.map((playlist) => playlist.id),
  );
  const artists = await artistRefsForTracks(db, [
    ...new Set([...entries.map((entry) => entry.id), ...history.map((play) => play.track_id)]),
  ]);
  const artistNames = (trackId: number) => (artists.get(trackId) ?? []).map((artist) => artist.name);

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

  const archive: Zippable = {
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

  const plays = history.map((play) => ({
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
  archive['history.json'] = json(plays);
  archive['history.csv'] = strToU8(
    toCsv(
      [
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
      ],
      plays.map((play) => [
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
      ]),
    ),
  );
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
  return zipSync(archive, { level: 6 });
}
