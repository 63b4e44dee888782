import type { PLAY_SOURCES, THistoryItem } from '@cadence/contracts/play';
import { isCountablePlay, playThresholdMs } from '@cadence/contracts/play-threshold';
import type { Kysely } from 'kysely';
import type { Database } from '../../platform/db/schema';
import { lookupLocation } from '../../platform/geoip/geoip';
import type { Cache } from '../../platform/redis/services';
import { countAlbumPlay } from '../albums/albums.repository';
import { countCreditedArtistsPlay } from '../artists/artists.repository';
import type { Page } from '../catalogue/catalogue-query.repository';
import { isoRequired, mapPage } from '../catalogue/catalogue-utils';
import type { TrackRow } from '../catalogue/track-dto';
import { toTrackDtos } from '../catalogue/track-dto';
import { countTrackPlay } from '../tracks/tracks.repository';
import { listenerHash, listenerKey, type PlayListener } from './listener';
import { bumpRollups, historyPage, insertPlay, latestPlay, type PlayDimension } from './plays.repository';
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

export function createPlaysService(db: Db, cache: Cache, salt = '', onCounted?: OnCountedPlay) {
  /**
   * Appends the play, then bumps the counters and the day's roll-up with single-row statements
   * outside any transaction: each row lock lives for one statement, so a hot track never
   * queues listeners behind a long transaction. `track` is one the listener may see.
   */
  async function record(
    listener: PlayListener,
    track: TrackRow,
    input: { duration_played_ms: number; source: (typeof PLAY_SOURCES)[number] },
  ) {
    const threshold = playThresholdMs(track.duration);
    const notCounted = { recorded: false, plays: Number(track.plays), threshold_ms: threshold };
    if (!isCountablePlay(input.duration_played_ms, track.duration)) return notCounted;
    // One listener cannot have listened to the same track twice within its threshold: a replayed
    // or scripted report inside that window is answered like a short play, and counts nothing.
    const onceKey = `plays:once:${listenerKey(listener)}:${track.id}`;
    if (!(await cache.add(onceKey, 1, Math.max(1, Math.ceil(threshold / 1000))))) return notCounted;
    const client = parseUserAgent(listener.userAgent);
    // A CDN's country header wins; otherwise the offline GeoIP database (the address is not kept).
    const location = await lookupLocation(listener.ip);
    const country = countryFromHeaders(listener.headers) ?? location.country;
    const city = location.city;
    const hash = listenerHash(listener, salt);
    const playedAt = new Date();
    const playId = await insertPlay(db, {
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
    });
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
    const [plays] = await Promise.all([
      countTrackPlay(db, track.id),
      bumpRollups(db, { trackId: track.id, day, listenerHash: hash, dimensions }),
      track.album_id ? countAlbumPlay(db, track.album_id) : null,
      countCreditedArtistsPlay(db, track.id),
    ]);
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
