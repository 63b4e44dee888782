import type { TImportEntry, TPlaylistImportResponse } from '@cadence/contracts/playlist-import';
import type { Kysely } from 'kysely';
import type { Actor } from '../../platform/auth/actor';
import type { Database } from '../../platform/db/schema';
import { AppError } from '../../platform/http/app-error';
import { artistRefsForTracks } from '../catalogue/artist-refs';
import type { PlaylistsService } from '../playlists/playlists.service';
import { bestMatch, type Candidate, normalize } from './match-tracks';
import { candidatesForTitles } from './playlist-import.repository';

/** Titles looked up per statement, and the alike tracks kept per title. */
const TITLES_PER_QUERY = 500;
const CANDIDATES_PER_TITLE = 8;

async function candidatesOf(db: Kysely<Database>, entries: TImportEntry[], userId: number) {
  const byEntry = new Map<number, Candidate[]>();
  for (let start = 0; start < entries.length; start += TITLES_PER_QUERY) {
    const slice = entries.slice(start, start + TITLES_PER_QUERY);
    // The title as the catalogue likely writes it: no "(Remastered)" or "- Live" extras.
    const titles = slice.map((entry) => normalize(entry.title) || entry.title);
    const rows = await candidatesForTitles(db, titles, userId, CANDIDATES_PER_TITLE);
    const artists = await artistRefsForTracks(db, [...new Set(rows.map((row) => row.id))]);
    for (const row of rows) {
      const index = start + row.entry - 1;
      const list = byEntry.get(index) ?? [];
      list.push({
        id: row.id,
        name: row.name,
        album: row.album,
        duration_ms: row.duration === null ? null : Number(row.duration),
        artists: (artists.get(row.id) ?? []).map((artist) => artist.name),
      });
      byEntry.set(index, list);
    }
  }
  return byEntry;
}

/**
 * Issue 37: reads an M3U/M3U8, XSPF or Spotify export, matches each entry to the catalogue
 * (title, artist, album, duration; accent- and case-free, over a similarity threshold) and creates
 * a playlist per playlist of the file from what matched, all in one transaction. Answers the
 * report: what matched (with its score) and what did not.
 */
export async function importPlaylists(
  deps: { db: Kysely<Database>; playlists: Pick<PlaylistsService, 'createWithTracks'> },
  actor: Actor,
  file: Buffer,
  options: { name?: string; isPublic: boolean },
): Promise<TPlaylistImportResponse> {
  const user = actor.user;
  if (!user) throw new AppError('unauthenticated');
  // The XML parser (fast-xml-parser, for XSPF) loads with the first import, not at start.
  const { parsePlaylistFile } = await import('./parse-playlist-file');
  const parsed = parsePlaylistFile(file);
  const all = parsed.playlists.flatMap((playlist) => playlist.entries);
  const candidates = await candidatesOf(deps.db, all, user.id);
  let offset = 0;
  const reports = parsed.playlists.map((playlist, index) => {
    const matched: TPlaylistImportResponse['playlists'][number]['matched'] = [];
    const unmatched: TImportEntry[] = [];
    for (const entry of playlist.entries) {
      const best = bestMatch(entry, candidates.get(offset) ?? []);
      offset += 1;
      if (!best) unmatched.push(entry);
      else
        matched.push({
          entry,
          score: Math.round(best.score * 100) / 100,
          track: {
            id: best.track.id,
            name: best.track.name,
            artists: best.track.artists,
            album: best.track.album,
          },
        });
    }
    const fallback = parsed.playlists.length > 1 ? `Imported playlist ${index + 1}` : 'Imported playlist';
    const name = (options.name ?? playlist.name ?? fallback).slice(0, 100);
    return { name, playlist_id: null as number | null, matched, unmatched };
  });
  const toCreate = reports.filter((report) => report.matched.length > 0);
  const ids = await deps.playlists.createWithTracks(
    actor,
    toCreate.map((report) => ({
      input: { name: report.name, public: options.isPublic },
      trackIds: report.matched.map((match) => match.track.id),
    })),
  );
  toCreate.forEach((report, index) => {
    report.playlist_id = ids[index] ?? null;
  });
  return { format: parsed.format, playlists: reports };
}
