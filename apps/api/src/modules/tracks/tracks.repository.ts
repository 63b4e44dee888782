import { type Kysely, sql } from 'kysely';
import type { Database } from '../../platform/db/schema';

/** Who may see each track: what other modules check before they link to one. */
export function trackVisibility(db: Kysely<Database>, ids: number[]) {
  return db.selectFrom('tracks').select(['id', 'visibility', 'owner_id']).where('id', 'in', ids).execute();
}

export async function countDownload(db: Kysely<Database>, trackId: number): Promise<void> {
  await db.updateTable('tracks').set({ downloads: sql`downloads + 1` }).where('id', '=', trackId).execute();
}

/** Adds a counted play; the new total, or undefined when the track is gone. */
export async function countTrackPlay(db: Kysely<Database>, trackId: number): Promise<number | undefined> {
  const row = await db
    .updateTable('tracks')
    .set({ plays: sql`plays + 1` })
    .where('id', '=', trackId)
    .returning('plays')
    .executeTakeFirst();
  return row === undefined ? undefined : Number(row.plays);
}

export function findTracks(db: Kysely<Database>, ids: number[]) {
  return db.selectFrom('tracks').selectAll().where('id', 'in', ids).execute();
}

/** The tracks of `ids` a viewer may list: public and unlisted ones, and the viewer's own private ones. */
export function tracksListableBy(db: Kysely<Database>, ids: number[], viewerId: number | null) {
  return db
    .selectFrom('tracks')
    .selectAll()
    .where('id', 'in', ids)
    .where((eb) => eb.or([eb('visibility', '!=', 'private'), eb('owner_id', '=', viewerId)]))
    .execute();
}

export async function countPublicTracksOf(db: Kysely<Database>, ownerId: number): Promise<number> {
  const { n } = await db
    .selectFrom('tracks')
    .select(sql<number>`count(*)::int`.as('n'))
    .where('owner_id', '=', ownerId)
    .where('visibility', '=', 'public')
    .executeTakeFirstOrThrow();
  return Number(n);
}
