import type { Actor } from '../../platform/auth/actor';
import { catalogueChanged } from '../catalogue/catalogue-invalidation';
import { assertCanSeeTracks } from '../library/visible-entity';
import { createPlaylistsService } from '../playlists/playlists.service';
import type { SubsonicContext, SubsonicMethod } from './subsonic-context';
import { toChild } from './subsonic-dto';
import { parseId, subsonicId } from './subsonic-ids';
import {
  type PlaylistRow,
  playlistEntries,
  playlistRow,
  playlistsOf,
  playlistTrackIds,
} from './subsonic-playlists.repository';
import { jsonOnly, SubsonicError } from './subsonic-response';
import { songsByIds } from './subsonic-songs.repository';

const MAX_SONGS = 500;
/** A playlist answer lists at most this many songs (plain ones: `playlistEntries`' limit). */
const MAX_ENTRIES = 5000;
const SMART_READ_ONLY =
  "This is a smart playlist: its songs come from its rules. Change them in Cadence's web player.";

type SmartTracks = { id: number; duration: number | null }[];

/** A playlist; a smart one's count and duration are of its rules' tracks for this viewer now. */
function toPlaylist(row: PlaylistRow, smart: SmartTracks | null = null) {
  const durationMs = smart
    ? smart.reduce((sum, track) => sum + Number(track.duration ?? 0), 0)
    : Number(row.duration_ms);
  return {
    id: subsonicId('playlist', row.id),
    name: row.name,
    comment: row.description ?? undefined,
    owner: row.owner_name,
    public: row.public,
    songCount: smart ? smart.length : Number(row.song_count),
    duration: Math.round(durationMs / 1000),
    created: new Date(row.created_at).toISOString(),
    changed: new Date(row.updated_at).toISOString(),
    coverArt: row.image ? subsonicId('playlist', row.id) : undefined,
    // OpenSubsonic: apps hide their edit actions (JSON only, the 1.16.1 schema has no such attribute).
    readonly: jsonOnly(row.smart_rules ? true : undefined),
  };
}

/** A smart playlist's tracks evaluated by the playlists module for this viewer; null for a plain one. */
function smartTracks(context: SubsonicContext, row: PlaylistRow): Promise<SmartTracks | null> {
  return createPlaylistsService(context.app.deps.db).smartTracksOf(row, context.user.id, MAX_ENTRIES);
}

/** Subsonic writes name songs by id and position: a smart playlist's come from its rules. */
function assertNotSmart(playlist: { smart_rules: unknown }) {
  if (playlist.smart_rules) throw new SubsonicError('not_authorized', SMART_READ_ONLY);
}

function trackIdsOf(context: SubsonicContext, name: string): number[] {
  const ids = context.params.all(name).map((raw) => parseId(raw, 'track'));
  if (ids.length > MAX_SONGS) throw new SubsonicError('generic', `At most ${MAX_SONGS} songs at once`);
  return ids;
}

/** The playlist with its entries, after the web's visibility rule (a hidden one is error 70). */
async function playlistWithSongs(context: SubsonicContext, actor: Actor, id: number) {
  const { db } = context.app.deps;
  await createPlaylistsService(db).findVisible(actor, id);
  const row = await playlistRow(db, context.user.id, id);
  if (!row) throw new SubsonicError('not_found', 'Not found');
  const smart = await smartTracks(context, row);
  if (smart) {
    const songs = new Map(
      (
        await songsByIds(
          db,
          context.user.id,
          smart.map((track) => track.id),
        )
      ).map((song) => [song.id, song]),
    );
    const entries = smart.flatMap((track) => songs.get(track.id) ?? []);
    return { playlist: { ...toPlaylist(row, smart), entry: entries.map(toChild) } };
  }
  const entries = await playlistEntries(db, context.user.id, id);
  return { playlist: { ...toPlaylist(row), entry: entries.map(toChild) } };
}

export const playlistMethods: Record<string, SubsonicMethod> = {
  getPlaylists: async (context) => {
    const rows = await playlistsOf(context.app.deps.db, context.user.id);
    const smart = await Promise.all(rows.map((row) => smartTracks(context, row)));
    return { playlists: { playlist: rows.map((row, index) => toPlaylist(row, smart[index])) } };
  },

  getPlaylist: async (context) =>
    playlistWithSongs(context, context.actor, parseId(context.params.required('id'), 'playlist')),

  /**
   * A new playlist (`name`), or `playlistId`'s songs replaced; both with `songId`s. One
   * transaction: the playlists service runs on it (its repository joins the caller's), so a
   * failed step leaves no half-made or half-emptied playlist.
   */
  createPlaylist: async (context) => {
    const { params, actor } = context;
    const { db } = context.app.deps;
    const songIds = trackIdsOf(context, 'songId');
    const existing = params.get('playlistId');
    const playlistId = await db.transaction().execute(async (trx) => {
      const playlists = createPlaylistsService(trx);
      if (songIds.length) await assertCanSeeTracks(trx, actor, songIds);
      if (existing) {
        const id = parseId(existing, 'playlist');
        assertNotSmart(await playlists.findVisible(actor, id));
        const current = await playlistTrackIds(trx, id);
        if (params.has('name')) await playlists.update(actor, id, { name: params.required('name') });
        if (current.length) await playlists.removeTracks(actor, id, current);
        if (songIds.length) await playlists.addTracks(actor, id, songIds);
        return id;
      }
      const created = await playlists.create(actor, { name: params.required('name') });
      if (songIds.length) await playlists.addTracks(actor, created.id, songIds);
      return created.id;
    });
    await catalogueChanged(db, { playlists: [playlistId] });
    return playlistWithSongs(context, actor, playlistId);
  },

  /** Name, comment, public, removals by position and additions: all or nothing, in one transaction. */
  updatePlaylist: async (context) => {
    const { params, actor } = context;
    const { db } = context.app.deps;
    const playlistId = parseId(params.required('playlistId'), 'playlist');
    const toAdd = trackIdsOf(context, 'songIdToAdd');
    const indexes = params.all('songIndexToRemove').map((raw) => Number(raw));
    if (indexes.some((index) => !Number.isInteger(index) || index < 0)) {
      throw new SubsonicError('missing_parameter', 'songIndexToRemove must be a position');
    }
    await db.transaction().execute(async (trx) => {
      const playlists = createPlaylistsService(trx);
      assertNotSmart(await playlists.findVisible(actor, playlistId));
      if (toAdd.length) await assertCanSeeTracks(trx, actor, toAdd);
      const changes: { name?: string; description?: string; public?: boolean } = {};
      if (params.has('name')) changes.name = params.required('name');
      if (params.get('comment') !== undefined) changes.description = params.get('comment');
      const isPublic = params.bool('public');
      if (isPublic !== undefined) changes.public = isPublic;
      if (Object.keys(changes).length) await playlists.update(actor, playlistId, changes);
      if (indexes.length) {
        // Positions are of the list the app was shown: the entries visible to this user.
        const shown = (await playlistEntries(trx, context.user.id, playlistId)).map((row) => row.id);
        const ids = indexes.map((index) => shown[index]).filter((id): id is number => id !== undefined);
        if (ids.length) await playlists.removeTracks(actor, playlistId, ids);
      }
      if (toAdd.length) await playlists.addTracks(actor, playlistId, toAdd);
    });
    await catalogueChanged(db, { playlists: [playlistId] });
    return {};
  },

  deletePlaylist: async (context) => {
    const id = parseId(context.params.required('id'), 'playlist');
    await createPlaylistsService(context.app.deps.db).remove(context.actor, id);
    return {};
  },
};
