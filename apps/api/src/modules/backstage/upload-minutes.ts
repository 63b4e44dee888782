import type { TUploadMinutes } from '@cadence/contracts/backstage';
import type { FastifyRequest } from 'fastify';
import { type Kysely, sql } from 'kysely';
import { restrictionOf } from '../../platform/auth/access';
import type { Database } from '../../platform/db/schema';
import { AppError } from '../../platform/http/app-error';

const round1 = (value: number) => Math.round(value * 10) / 10;

/** Minutes of audio the user owns against the `minutes` restriction of music.create (null = unlimited). */
async function readMinutes(db: Kysely<Database>, request: FastifyRequest, userId: number) {
  const [limit, used] = await Promise.all([
    restrictionOf(request, 'music.create', 'minutes'),
    db
      .selectFrom('tracks')
      .select(sql<string>`coalesce(sum(duration), 0)::bigint`.as('total'))
      .where('owner_id', '=', userId)
      .executeTakeFirstOrThrow(),
  ]);
  return { limit, usedMs: Number(used.total) };
}

export async function uploadMinutesOf(
  db: Kysely<Database>,
  request: FastifyRequest,
  userId: number,
): Promise<TUploadMinutes> {
  const { limit, usedMs } = await readMinutes(db, request, userId);
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
  request: FastifyRequest,
  userId: number,
  addMs: number,
): Promise<void> {
  const { limit, usedMs } = await readMinutes(db, request, userId);
  if (limit === null) return;
  const limitMs = limit * 60_000;
  if (usedMs + addMs > limitMs || usedMs >= limitMs)
    throw new AppError('forbidden', minutesExceededMessage(await uploadMinutesOf(db, request, userId)));
}
