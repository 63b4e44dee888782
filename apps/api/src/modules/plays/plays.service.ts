import { createHmac } from 'node:crypto';
import type { THistoryItem } from '@cadence/contracts/play';
import { isCountablePlay, type PLAY_SOURCES, playThresholdMs } from '@cadence/contracts/play';
import type { FastifyRequest } from 'fastify';
import { type Kysely, sql } from 'kysely';
import { hashToken } from '../../platform/auth/tokens';
import type { Database } from '../../platform/db/schema';
import { lookupLocation } from '../../platform/geoip/geoip';
import type { Cache } from '../../platform/redis/services';
import { isoRequired, mapPage, type Page, paginate } from '../catalogue/catalogue-utils';
import { findVisibleTrack } from '../tracks/track-access';
import { toTrackDtos } from '../tracks/track-dto';
import { countryFromHeaders, parseUserAgent } from './user-agent';

type Db = Kysely<Database>;

/**
 * Who is listening, for the once-per-listen rule: the user, or for a guest the address and
 * browser (hashed: the key holds no personal data).
 */
function listenerKey(request: FastifyRequest): string {
  if (request.user) return `user:${request.user.id}`;
  return `guest:${hashToken(`${request.ip}|${request.headers['user-agent'] ?? ''}`)}`;
}

/** The listener as a salted hash: counts unique listeners, cannot be turned back into an address. */
export function listenerHash(request: FastifyRequest, salt: string): string {
  return createHmac('sha256', salt).update(listenerKey(request)).digest('base64url').slice(0, 32);
}

export function createPlaysService(db: Db, cache: Cache, salt = '') {
  /**
   * Appends the play, then bumps the counters and the day's roll-up with single-row statements
   * outside any transaction: each row lock lives for one statement, so a hot track never
   * queues listeners behind a long transaction.
   */
  async function record(
    request: FastifyRequest,
    trackId: number,
    input: { duration_played_ms: number; source: (typeof PLAY_SOURCES)[number] },
  ) {
    const track = await findVisibleTrack(db, request, trackId);
    const threshold = playThresholdMs(track.duration);
    if (!isCountablePlay(input.duration_played_ms, track.duration)) {
      return { recorded: false, plays: Number(track.plays), threshold_ms: threshold };
    }
    // One listener cannot have listened to the same track twice within its threshold: a replayed
    // or scripted report inside that window is answered like a short play, and counts nothing.
    const onceKey = `plays:once:${listenerKey(request)}:${trackId}`;
    if (!(await cache.add(onceKey, 1, Math.max(1, Math.ceil(threshold / 1000))))) {
      return { recorded: false, plays: Number(track.plays), threshold_ms: threshold };
    }
    const client = parseUserAgent(request.headers['user-agent']);
    // A CDN's country header wins; otherwise the offline GeoIP database (the address is not kept).
    const location = await lookupLocation(request.ip);
    const country = countryFromHeaders(request.headers) ?? location.country;
    const city = location.city;
    const hash = listenerHash(request, salt);
    const playedAt = new Date();
    await db
      .insertInto('plays')
      .values({
        track_id: trackId,
        user_id: request.user?.id ?? null,
        played_at: playedAt,
        duration_played_ms: input.duration_played_ms,
        platform: client.platform,
        device: client.device,
        browser: client.browser,
        country,
        city,
        source: input.source,
        listener_hash: hash,
      })
      .execute();
    const day = playedAt.toISOString().slice(0, 10);
    // One row per dimension the play has a value for: insights read these, never `plays`.
    const dims = (
      [
        ['device', client.device],
        ['platform', client.platform],
        ['browser', client.browser],
        ['source', input.source],
        ['country', country],
        ['city', city && country ? `${city}, ${country}` : city],
      ] as const
    ).flatMap(([dimension, value]) =>
      value ? [{ track_id: trackId, day, dimension, value, plays: 1 }] : [],
    );
    const [updated] = await Promise.all([
      db
        .updateTable('tracks')
        .set({ plays: sql`plays + 1` })
        .where('id', '=', trackId)
        .returning('plays')
        .executeTakeFirst(),
      db
        .insertInto('play_daily')
        .values({ track_id: trackId, day, plays: 1 })
        .onConflict((oc) => oc.columns(['track_id', 'day']).doUpdateSet({ plays: sql`play_daily.plays + 1` }))
        .execute(),
      db
        .insertInto('play_daily_dims')
        .values(dims)
        .onConflict((oc) =>
          oc
            .columns(['track_id', 'day', 'dimension', 'value'])
            .doUpdateSet({ plays: sql`play_daily_dims.plays + 1` }),
        )
        .execute(),
      db
        .insertInto('play_monthly_dims')
        .values(dims.map(({ day: _day, ...dim }) => ({ ...dim, month: `${day.slice(0, 7)}-01` })))
        .onConflict((oc) =>
          oc
            .columns(['track_id', 'month', 'dimension', 'value'])
            .doUpdateSet({ plays: sql`play_monthly_dims.plays + 1` }),
        )
        .execute(),
      db
        .insertInto('play_daily_listeners')
        .values({ track_id: trackId, day, listener_hash: hash })
        .onConflict((oc) => oc.columns(['track_id', 'day', 'listener_hash']).doNothing())
        .execute(),
      db
        .insertInto('play_monthly_listeners')
        .values({ track_id: trackId, month: `${day.slice(0, 7)}-01`, listener_hash: hash })
        .onConflict((oc) => oc.columns(['track_id', 'month', 'listener_hash']).doNothing())
        .execute(),
      track.album_id
        ? db.updateTable('albums').set({ plays: sql`plays + 1` }).where('id', '=', track.album_id).execute()
        : null,
      db
        .updateTable('artists')
        .set({ plays: sql`plays + 1` })
        .where('id', 'in', (eb) =>
          eb.selectFrom('artist_track').select('artist_id').where('track_id', '=', trackId),
        )
        .execute(),
    ]);
    return {
      recorded: true,
      plays: Number(updated?.plays ?? Number(track.plays) + 1),
      threshold_ms: threshold,
    };
  }

  async function history(
    userId: number,
    options: { page: number; perPage: number },
  ): Promise<Page<THistoryItem>> {
    const base = db
      .selectFrom('plays')
      .innerJoin('tracks', 'tracks.id', 'plays.track_id')
      .where('plays.user_id', '=', userId);
    const page = await paginate(base, options, (q) =>
      q
        .selectAll('tracks')
        .select('plays.played_at')
        .orderBy('plays.played_at', 'desc')
        .orderBy('plays.id', 'desc'),
    );
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
