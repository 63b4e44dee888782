import type { Kysely } from 'kysely';
import type { Database } from '../../platform/db/schema';

/** The id of an artist that is not disabled, or undefined. */
export async function findEnabledArtistId(db: Kysely<Database>, id: number): Promise<number | undefined> {
  const row = await db
    .selectFrom('artists')
    .select('id')
    .where('id', '=', id)
    .where('disabled', '=', false)
    .executeTakeFirst();
  return row?.id;
}
