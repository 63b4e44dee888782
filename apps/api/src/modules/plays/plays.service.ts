import {
  PLAY_REPORT_CLOCK_SKEW_MS,
  PLAY_REPORT_MAX_AGE_DAYS,
  type PLAY_SOURCES,
  type THistoryItem,
} from '@cadence/contracts/play';
import { isCountablePlay, playThresholdMs } from '@cadence/contracts/play-threshold';
import type { Kysely } from 'kysely';
import type { Database } from '../../platform/db/schema';
import { lookupLocation } from '../../platform/geoip/geoip';
import { validationError } from '../../platform/http/app-error';
import type { Cache } from '../../platform/redis/services';
import type { Page } from '../catalogue/catalogue-query.repository';
import { isoRequired, mapPage } from '../catalogue/catalogue-utils';
import type { TrackRow } from '../catalogue/track-dto';
import { toTrackDtos } from '../catalogue/track-dto';
import { listenerHash, listenerKey, type PlayListener } from './listener';
import { historyPage, latestPlay, type PlayDimension, playNear, recordCountedPlay } from './plays.repository';
import { countryFromHeaders, parseUserAgent } from './user-agent';

type Db = Kysely<Database>;

/** What happens to a play once it counted (issue 37: scrobbling); its failure never fails the play. */
export type OnCountedPlay = (play: {
  playId: number;
  userId: number | null;
  track: TrackRow;
  durationPlayedMs: number;
  playedAt: Date;
}) => Promise<void>;

/** The user's latest counted play of a track since `since`, for modules that act on a listen. */
export async function recentPlayOf(db: Db, userId: number, trackId: number, since: Date) {
  const row = await latestPlay(db, userId, trackId, since);
  return row ? { id: Number(row.id), playedAt: row.played_at } : null;
}

const DAY_MS = 24 * 3600 * 1000;

/**
 * The time a play happened: the server's clock, or the reported `played_at` of a play made offline
 * (within 14 days, and not ahead of the server's clock by more than a device's usual drift).
 */
export function reportedPlayTime(playedAt: string | undefined, now: Date): Date {
  if (playedAt === undefined) return now;
  const at = new Date(playedAt);
  if (at.getTime() > now.getTime() + PLAY_REPORT_CLOCK_SKEW_MS)
    throw validationError({ played_at: ['The play time is in the future.'] });
  if (at.getTime() < now.getTime() - PLAY_REPORT_MAX_AGE_DAYS * DAY_MS)
    throw validationError({ played_at: ['A play can be reported up to 14 days after it was heard.'] });
  return at.getTime() > now.getTime() ? now : at;
}

export function createPlaysService(db: Db, cache: Cache, salt = '', onCounted?: OnCountedPlay) {
  /**
   * Appends the play, then bumps the counters and the day's roll-up with single-row statements
   * outside any transaction: each row lock lives for one statement, so a hot track never
   * queues listeners behind a long transaction. `track` is one the listener may see.
   */
  async function record(
    listener: PlayListener,
    track: TrackRow,
    input: { duration_played_ms: number; source: (typeof PLAY_SOURCES)[number]; played_at?: string },
  ) {
    const threshold = playThresholdMs(track.duration);
    const notCounted = { recorded: false, plays: Number(track.plays), threshold_ms: threshold };
    // A guest's late report has no history to check it against: it counts when it arrives.
    const reported = listener.userId === null ? undefined : input.played_at;
    const playedAt = reportedPlayTime(reported, new Date());
    if (!isCountablePlay(input.duration_played_ms, track.duration)) return notCounted;
    const thresholdSeconds = Math.max(1, Math.ceil(threshold / 1000));
    if (reported === undefined) {
      // One listener cannot have listened to the same track twice within its threshold: a replayed
      // or scripted report inside that window is answered like a short play, and counts nothing.
      const onceKey = `plays:once:${listenerKey(listener)}:${track.id}`;
      if (!(await cache.add(onceKey, 1, thresholdSeconds))) return notCounted;
    } else {
      // A late report is checked against the listener's history around its own time, so a queue
      // sent again after a lost answer (or a forged series of times) counts each listen once;
      // the key stops two copies of one report arriving together.
      const onceKey = `plays:once:${listenerKey(listener)}:${track.id}:${playedAt.getTime()}`;
      if (!(await cache.add(onceKey, 1, thresholdSeconds))) return notCounted;
      if (await playNear(db, listener.userId as number, track.id, playedAt, threshold)) return notCounted;
    }
    const client = parseUserAgent(listener.userAgent);
    // A CDN's country header wins; otherwise the offline GeoIP database (the address is not kept).
    const location = await lookupLocation(listener.ip);
    const country = countryFromHeaders(listener.headers) ?? location.country;
    const city = location.city;
    const hash = listenerHash(listener, salt);
    const play = {
      track_id: track.id,
      user_id: listener.userId,
      played_at: playedAt,
      duration_played_ms: input.duration_played_ms,
      platform: client.platform,
      device: client.device,
      browser: client.browser,
      country,
      city,
      source: input.source,
      listener_hash: hash,
    };
    const dimensions = (
      [
        ['device', client.device],
        ['platform', client.platform],
        ['browser', client.browser],
        ['source', input.source],
        ['country', country],
        ['city', city && country ? `${city}, ${country}` : city],
      ] as const
    ).flatMap(([dimension, value]): PlayDimension[] => (value ? [{ dimension, value }] : []));
    const day = playedAt.toISOString().slice(0, 10);
    const { playId, plays } = await recordCountedPlay(db, play, { day, listenerHash: hash, dimensions });
    await onCounted?.({
      playId,
      userId: listener.userId,
      track,
      durationPlayedMs: input.duration_played_ms,
      playedAt,
    }).catch(() => {
      // The scrobble outbox is best effort from here: the play itself is recorded.
    });
    return { recorded: true, plays: plays ?? Number(track.plays) + 1, threshold_ms: threshold };
  }

  async function history(
    userId: number,
    options: { page: number; perPage: number },
  ): Promise<Page<THistoryItem>> {
    const page = await historyPage(db, userId, options);
    return mapPage(page, async (rows) => {
      const tracks = await toTrackDtos(db, rows);
      return rows.map((row, index) => {
        const track = tracks[index] as (typeof tracks)[number];
        return {
          played_at: isoRequired(row.played_at),
          track: {
            id: track.id,
            name: track.name,
            duration: track.duration,
            image: track.image,
            album: track.album,
            artists: track.artists,
          },
        };
      });
    });
  }

  return { record, history };
}
