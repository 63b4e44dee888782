import type { TUploadMinutes } from '@cadence/contracts/backstage';
import type { Kysely } from 'kysely';
import { type Actor, actorRestriction } from '../../platform/auth/actor';
import type { Database } from '../../platform/db/schema';
import { AppError } from '../../platform/http/app-error';
import { ownedAudioMs } from '../tracks/tracks.repository';

const round1 = (value: number) => Math.round(value * 10) / 10;

/** Minutes of audio the user owns against the `minutes` restriction of music.create (null = unlimited). */
async function readMinutes(db: Kysely<Database>, actor: Actor, userId: number) {
  const [limit, usedMs] = await Promise.all([
    actorRestriction(actor, 'music.create', 'minutes'),
    ownedAudioMs(db, userId),
  ]);
  return { limit, usedMs };
}

export async function uploadMinutesOf(
  db: Kysely<Database>,
  actor: Actor,
  userId: number,
): Promise<TUploadMinutes> {
  const { limit, usedMs } = await readMinutes(db, actor, userId);
  const usedMinutes = usedMs / 60_000;
  return {
    limit_minutes: limit,
    used_minutes: round1(usedMinutes),
    left_minutes: limit === null ? null : round1(Math.max(0, limit - usedMinutes)),
  };
}

/** The refusal names the plan's limit and what is left, so the artist knows what to cut or upgrade. */
export function minutesExceededMessage(minutes: TUploadMinutes): string {
  return `This upload would pass your plan's limit of ${minutes.limit_minutes} minutes of audio (${minutes.left_minutes} minutes left). Upgrade your plan to upload more.`;
}

/** Refuses (403) when adding `addMs` of audio would pass the limit. */
export async function assertMinutesLeft(
  db: Kysely<Database>,
  actor: Actor,
  userId: number,
  addMs: number,
): Promise<void> {
  const { limit, usedMs } = await readMinutes(db, actor, userId);
  if (limit === null) return;
  const limitMs = limit * 60_000;
  if (usedMs + addMs > limitMs || usedMs >= limitMs)
    throw new AppError('forbidden', minutesExceededMessage(await uploadMinutesOf(db, actor, userId)));
}
