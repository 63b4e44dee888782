import { hasPermissionNamed } from '@cadence/permissions/can';
import { latestPlaysSince } from '../plays/plays.repository';
import { userRefRows } from '../users/user-refs.repository';
import { assertCanBrowse } from './subsonic-browse';
import type { SubsonicContext, SubsonicMethod } from './subsonic-context';
import { toChild } from './subsonic-dto';
import { songsByIds } from './subsonic-songs.repository';

/** How far back a play still counts as "now": a long track's length, about. */
const NOW_MINUTES = 10;
const MAX_ENTRIES = 50;
/** The one player id Subsonic requires: Cadence does not tell a user's devices apart here. */
const PLAYER_ID = 1;

export const NOW_PLAYING_KEY = (userId: number) => `subsonic:now-playing:${userId}`;
export type NowPlaying = { trackId: number; startedAt: number };

/**
 * What is playing: the caller's own "now playing" report (scrobble with `submission=false`)
 * or latest play of the last minutes. Other people's listening is theirs: the web shows it to
 * no one, so only account managers (`users.update`, the admin users page's permission) see
 * everyone's here. Tracks the caller may not see are left out, never named.
 */
async function nowPlaying(context: SubsonicContext) {
  await assertCanBrowse(context);
  const { db, cache } = context.app.deps;
  const viewer = context.user;
  const seesEveryone = hasPermissionNamed({ user: viewer, guestRole: null }, 'users.update');
  const since = new Date(Date.now() - NOW_MINUTES * 60_000);
  const plays = await latestPlaysSince(db, since, {
    userIds: seesEveryone ? undefined : [viewer.id],
    limit: MAX_ENTRIES,
  });
  const current = new Map(
    plays.map((play) => [play.user_id, { trackId: play.track_id, at: play.played_at.getTime() }]),
  );
  const reported = await cache.get<NowPlaying>(NOW_PLAYING_KEY(viewer.id));
  if (reported) current.set(viewer.id, { trackId: reported.trackId, at: reported.startedAt });
  const [songs, users] = await Promise.all([
    songsByIds(db, viewer.id, [...new Set([...current.values()].map((entry) => entry.trackId))]),
    userRefRows(db, [...current.keys()]),
  ]);
  const songById = new Map(songs.map((song) => [song.id, song]));
  const nameOf = new Map(users.map((user) => [user.id, user.name]));
  const entries = [];
  for (const [userId, entry] of current) {
    const song = songById.get(entry.trackId);
    // A report of a track long over is no longer "now".
    if (!song || Date.now() - entry.at > Number(song.duration ?? 0) + NOW_MINUTES * 60_000) continue;
    entries.push({
      ...toChild(song),
      username: userId === viewer.id ? viewer.name || viewer.email : (nameOf.get(userId) ?? ''),
      minutesAgo: Math.max(0, Math.floor((Date.now() - entry.at) / 60_000)),
      playerId: PLAYER_ID,
    });
  }
  return entries;
}

export const nowPlayingMethods: Record<string, SubsonicMethod> = {
  getNowPlaying: async (context) => ({ nowPlaying: { entry: await nowPlaying(context) } }),
};
