import { assertActorCanAny } from '../../platform/auth/actor';
import { assertCanSeeTracks } from '../library/visible-entity';
import { visibleSong } from './subsonic-browse';
import type { SubsonicContext, SubsonicMethod } from './subsonic-context';
import { toChild } from './subsonic-dto';
import { parseId, subsonicId } from './subsonic-ids';
import { SubsonicError } from './subsonic-response';
import { songsByIds } from './subsonic-songs.repository';
import {
  bookmarksOf,
  deleteBookmark,
  playQueueOf,
  savePlayQueue,
  upsertBookmark,
} from './subsonic-user-state.repository';

/** A queue is for listening, not storage: longer ones are refused (error 0), not cut silently. */
const MAX_QUEUE = 1000;
const MAX_COMMENT = 1000;
/** Positions past a day are no position in a track. */
const MAX_POSITION_MS = 24 * 60 * 60 * 1000;

const usernameOf = (context: SubsonicContext) => context.user.name || context.user.email;
const iso = (value: Date | string) => new Date(value).toISOString();

/** A position in milliseconds; absent is 0, anything unreadable or negative is error 10. */
function positionOf(context: SubsonicContext, name: string, isRequired: boolean): number {
  if (!isRequired && !context.params.has(name)) return 0;
  const position = context.params.requiredInt(name);
  if (position < 0) throw new SubsonicError('missing_parameter', `${name} must not be negative`);
  return Math.min(position, MAX_POSITION_MS);
}

/** Queues and bookmarks are listening state: they need what playing needs. */
const assertCanPlay = (context: SubsonicContext) => assertActorCanAny(context.actor, ['music.play']);

export const bookmarkMethods: Record<string, SubsonicMethod> = {
  /** The user's bookmarks of tracks they can still see (one that became hidden is left out). */
  getBookmarks: async (context) => {
    await assertCanPlay(context);
    const { db } = context.app.deps;
    const rows = await bookmarksOf(db, context.user.id);
    const songs = new Map(
      (
        await songsByIds(
          db,
          context.user.id,
          rows.map((row) => row.track_id),
        )
      ).map((song) => [song.id, song]),
    );
    const bookmark = [];
    for (const row of rows) {
      const song = songs.get(row.track_id);
      if (!song) continue;
      bookmark.push({
        position: Number(row.position_ms),
        username: usernameOf(context),
        comment: row.comment ?? undefined,
        created: iso(row.created_at),
        changed: iso(row.updated_at),
        entry: toChild(song),
      });
    }
    return { bookmarks: { bookmark } };
  },

  createBookmark: async (context) => {
    await assertCanPlay(context);
    const song = await visibleSong(context, context.params.required('id'));
    const positionMs = positionOf(context, 'position', true);
    const comment = context.params.get('comment')?.slice(0, MAX_COMMENT) || null;
    await upsertBookmark(context.app.deps.db, context.user.id, { trackId: song.id, positionMs, comment });
    return {};
  },

  deleteBookmark: async (context) => {
    await assertCanPlay(context);
    const trackId = parseId(context.params.required('id'), 'track');
    await deleteBookmark(context.app.deps.db, context.user.id, trackId);
    return {};
  },

  /** The saved queue, with the tracks the user can still see, in order; none saved answers empty. */
  getPlayQueue: async (context) => {
    await assertCanPlay(context);
    const { db } = context.app.deps;
    const queue = await playQueueOf(db, context.user.id);
    if (!queue) return {};
    const ids = queue.track_ids.map(Number);
    const songs = new Map((await songsByIds(db, context.user.id, ids)).map((song) => [song.id, song]));
    const entry = ids.flatMap((id) => {
      const song = songs.get(id);
      return song ? [toChild(song)] : [];
    });
    const current = queue.current_id !== null && songs.has(queue.current_id) ? queue.current_id : undefined;
    return {
      playQueue: {
        // OpenSubsonic's string id (1.16.1's schema says int, which prefixed ids cannot be).
        current: current !== undefined ? subsonicId('track', current) : undefined,
        position: current !== undefined ? Number(queue.position_ms) : undefined,
        username: usernameOf(context),
        changed: iso(queue.updated_at),
        changedBy: queue.changed_by,
        entry,
      },
    };
  },

  /** Replaces the saved queue (`id` repeated, in order); no `id` clears it, as apps expect. */
  savePlayQueue: async (context) => {
    await assertCanPlay(context);
    const { db } = context.app.deps;
    const { params } = context;
    const ids = params.all('id').map((raw) => parseId(raw, 'track'));
    if (ids.length > MAX_QUEUE) throw new SubsonicError('generic', `At most ${MAX_QUEUE} songs in a queue`);
    if (ids.length) await assertCanSeeTracks(db, context.actor, ids);
    const currentId = params.has('current') ? parseId(params.required('current'), 'track') : null;
    if (currentId !== null && !ids.includes(currentId)) throw new SubsonicError('not_found', 'Not found');
    await savePlayQueue(db, context.user.id, {
      trackIds: ids,
      currentId,
      positionMs: positionOf(context, 'position', false),
      changedBy: (params.get('c') ?? '').slice(0, 255),
    });
    return {};
  },
};
