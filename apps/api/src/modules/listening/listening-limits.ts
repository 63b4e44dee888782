import type { TListeningSettings } from '@cadence/contracts/transcoding';
import type { Kysely } from 'kysely';
import type { Database } from '../../platform/db/schema';
import type { Cache } from '../../platform/redis/services';
import { findListeningSettings } from './listening-settings.repository';

/** What a stream needs of a listener's settings: their highest bitrate and transcode format. */
export type ListenerLimits = Pick<TListeningSettings, 'max_bit_rate' | 'format'>;

export const NO_LISTENER_LIMITS: ListenerLimits = { max_bit_rate: null, format: null };

/**
 * Bounds staleness for a row changed behind the app's back; every save through the app writes
 * the key at once.
 */
const LIMITS_TTL_SECONDS = 600;
const limitsKey = (userId: number) => `listening:limits:${userId}`;

type Deps = { db: Kysely<Database>; cache: Cache };

/**
 * The listener's limits for every stream they start (the web player's and the Subsonic apps'),
 * from the shared cache when warm: a player asks for many ranges of many tracks, and the row
 * rarely changes. A miss reads the row once and fills the key with `add` (set-if-absent), so a
 * save made meanwhile (which `set`s the key) is never overwritten by the older read.
 */
export async function listenerLimits(deps: Deps, userId: number): Promise<ListenerLimits> {
  const cached = await deps.cache.get<ListenerLimits>(limitsKey(userId));
  if (cached) return cached;
  const { max_bit_rate, format } = await findListeningSettings(deps.db, userId);
  const limits = { max_bit_rate, format };
  await deps.cache.add(limitsKey(userId), limits, LIMITS_TTL_SECONDS);
  return limits;
}

/** After a save: the next stream of this listener, on any replica, uses the new limits. */
export async function rememberListenerLimits(cache: Cache, userId: number, settings: ListenerLimits) {
  const limits = { max_bit_rate: settings.max_bit_rate, format: settings.format };
  await cache.set(limitsKey(userId), limits, LIMITS_TTL_SECONDS);
}
