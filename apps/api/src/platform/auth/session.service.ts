import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { lookupLocation } from '../geoip/geoip';
import { deleteSessionsExpiredBefore, insertAccessToken, insertSession } from './credentials.repository';
import { generateToken, hashToken } from './tokens';

export const SESSION_TTL_MS = 14 * 24 * 60 * 60 * 1000;

export type SessionMeta = {
  ipAddress?: string | null;
  userAgent?: string | null;
  /** The browser as the sessions panel shows it, parsed by the caller from `userAgent`. */
  device?: { device_type: string | null; platform: string | null; browser: string | null };
  ttlMs?: number;
};

/** Creates a session row and returns the plain cookie token (only its hash is stored). */
export async function createSession(db: Kysely<Database>, userId: number, meta: SessionMeta = {}) {
  const token = generateToken();
  const expiresAt = new Date(Date.now() + (meta.ttlMs ?? SESSION_TTL_MS));
  // The sessions panel's city and country (spec 2.6), from the offline GeoIP database.
  const location = await lookupLocation(meta.ipAddress ?? undefined);
  await insertSession(db, {
    id: hashToken(token),
    user_id: userId,
    city: location.city,
    country: location.country,
    ip_address: meta.ipAddress ?? null,
    user_agent: meta.userAgent?.slice(0, 500) ?? null,
    ...meta.device,
    expires_at: expiresAt,
  });
  return { token, expiresAt };
}

/** Creates a personal access token (spec 3 "Access token"); returns plainTextToken once. */
export async function createAccessToken(db: Kysely<Database>, userId: number, name: string) {
  const token = generateToken();
  const row = await insertAccessToken(db, { user_id: userId, name, token_hash: hashToken(token) });
  return { id: row.id, name: row.name, plainTextToken: `${row.id}|${token}` };
}

/** Deletes the sessions past their expiry (the scheduler's session pruning); returns how many. */
export async function pruneExpiredSessions(db: Kysely<Database>, now = new Date()): Promise<number> {
  return deleteSessionsExpiredBefore(db, now);
}
