import { assertActorCanAny } from '../../platform/auth/actor';
import { pageCounterChanged } from '../catalogue/catalogue-invalidation';
import { findTrackVisibleTo } from '../catalogue/track-access';
import { createLibraryService } from '../library/library.service';
import { assertCanSeeEntity } from '../library/visible-entity';
import type { PlayListener } from '../plays/listener';
import { createPlaysService, reportedPlayTime } from '../plays/plays.service';
import type { SubsonicContext, SubsonicMethod } from './subsonic-context';
import { parseAnyId, parseId, type SubsonicKind } from './subsonic-ids';
import { NOW_PLAYING_KEY, type NowPlaying } from './subsonic-now-playing';
import { SubsonicError } from './subsonic-response';
import { setRating } from './subsonic-user-state.repository';

type Likeable = Exclude<SubsonicKind, 'playlist'>;

/**
 * A scrobble's `time` (ms since the epoch: apps send their offline plays late) as the play's time;
 * a time outside what a late report may carry counts at arrival, since an app would otherwise
 * retry a refused scrobble forever.
 */
function heardAt(time: string | undefined): string | undefined {
  if (time === undefined || !/^\d{1,15}$/.test(time)) return undefined;
  const at = new Date(Number(time)).toISOString();
  try {
    reportedPlayTime(at, new Date());
    return at;
  } catch {
    return undefined;
  }
}
const MAX_TARGETS = 500;
/** How long a "now playing" report is remembered for the scrobble that follows it. */
const NOW_PLAYING_SECONDS = 6 * 60 * 60;

/** `id` (any kind), `albumId` and `artistId`, as likeable targets; an unknown id is error 70. */
function targetsOf(context: SubsonicContext): { kind: Likeable; id: number }[] {
  const { params } = context;
  const targets: { kind: Likeable; id: number }[] = [];
  for (const raw of params.all('id')) {
    const parsed = parseAnyId(raw);
    if (!parsed || parsed.kind === 'playlist') throw new SubsonicError('not_found', 'Not found');
    targets.push({ kind: parsed.kind, id: parsed.id });
  }
  for (const raw of params.all('albumId')) targets.push({ kind: 'album', id: parseId(raw, 'album') });
  for (const raw of params.all('artistId')) targets.push({ kind: 'artist', id: parseId(raw, 'artist') });
  if (targets.length === 0) throw new SubsonicError('missing_parameter', 'Required parameter is missing: id');
  if (targets.length > MAX_TARGETS) throw new SubsonicError('generic', `At most ${MAX_TARGETS} ids at once`);
  return targets;
}

async function star(context: SubsonicContext, isOn: boolean) {
  const { db } = context.app.deps;
  const targets = targetsOf(context);
  // Starring needs what liking on the web needs: a target the user can see (a hidden one is 70).
  if (isOn) for (const target of targets) await assertCanSeeEntity(db, context.actor, target.kind, target.id);
  await db.transaction().execute(async (trx) => {
    const library = createLibraryService(trx);
    for (const target of targets) await library.like(context.user.id, target.kind, target.id, isOn);
  });
  for (const kind of ['track', 'album', 'artist'] as const) {
    const ids = targets.filter((target) => target.kind === kind).map((target) => target.id);
    if (ids.length) await pageCounterChanged(db, kind, ids);
  }
  return {};
}

function listenerOf(context: SubsonicContext): PlayListener {
  return {
    userId: context.user.id,
    ip: context.request.ip,
    userAgent: context.request.headers['user-agent'],
    headers: context.request.headers,
  };
}

export const annotationMethods: Record<string, SubsonicMethod> = {
  star: (context) => star(context, true),
  unstar: (context) => star(context, false),

  /**
   * A 1-5 star rating of a song, album or artist, kept per user in Subsonic's own table (Cadence's
   * pages only know likes, so the web does not show it); 0 removes it. The target must be one the
   * user can see, as for star.
   */
  setRating: async (context) => {
    await assertActorCanAny(context.actor, ['music.view']);
    const { params } = context;
    const parsed = parseAnyId(params.required('id'));
    if (!parsed || parsed.kind === 'playlist') throw new SubsonicError('not_found', 'Not found');
    const rating = params.requiredInt('rating');
    if (rating < 0 || rating > 5) throw new SubsonicError('missing_parameter', 'rating must be 0 to 5');
    const { db } = context.app.deps;
    await assertCanSeeEntity(db, context.actor, parsed.kind, parsed.id);
    await setRating(db, context.user.id, { type: parsed.kind, id: parsed.id }, rating);
    return {};
  },

  /**
   * `submission=false` is "now playing": remembered with its start. `submission=true` counts a
   * play under the product's rule (30 s or half the track): the time since the now-playing
   * report when there was one, else the app's word that the track was played through.
   */
  scrobble: async (context) => {
    await assertActorCanAny(context.actor, ['music.play']);
    const { db, cache, appKey } = context.app.deps;
    const ids = context.params.all('id');
    if (ids.length === 0) throw new SubsonicError('missing_parameter', 'Required parameter is missing: id');
    const isSubmission = context.params.bool('submission') ?? true;
    // Issue 37: an app's scrobble is a counted play like the web's, so it reaches ListenBrainz and Last.fm too.
    const plays = createPlaysService(db, cache, appKey, context.app.services.scrobbling.onPlay);
    const times = context.params.all('time');
    for (const [index, raw] of ids.slice(0, 50).entries()) {
      const track = await findTrackVisibleTo(db, context.actor, parseId(raw, 'track'));
      const key = NOW_PLAYING_KEY(context.user.id);
      if (!isSubmission) {
        await cache.set(key, { trackId: track.id, startedAt: Date.now() }, NOW_PLAYING_SECONDS);
        // Connected services hear "now playing" from an app as from the web player (in the background).
        await context.app.services.scrobbling.nowPlaying(context.user.id, track);
        continue;
      }
      const playing = await cache.get<NowPlaying>(key);
      const duration = Number(track.duration ?? 0);
      const played =
        playing?.trackId === track.id
          ? Math.min(duration || Infinity, Date.now() - playing.startedAt)
          : duration;
      if (playing?.trackId === track.id) await cache.delete(key);
      await plays.record(listenerOf(context), track, {
        duration_played_ms: Math.max(0, played),
        source: 'api',
        played_at: heardAt(times[index]),
      });
    }
    return {};
  },
};
