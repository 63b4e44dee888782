import type { Kysely } from 'kysely';
import type { Database } from '../../platform/db/schema';

export async function localizations(db: Kysely<Database>): Promise<{ language: string; name: string }[]> {
  return db.selectFrom('localizations').select(['language', 'name']).orderBy('name').execute();
}
