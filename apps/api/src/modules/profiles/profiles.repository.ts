import type { Kysely } from 'kysely';
import type { Database } from '../../platform/db/schema';

type Db = Kysely<Database>;
export type ProfileColumns = {
  header_image?: string | null;
  description?: string | null;
  city?: string | null;
  country?: string | null;
  links?: { url: string; title: string }[];
};

export function findProfile(db: Db, userId: number) {
  return db.selectFrom('user_profiles').selectAll().where('user_id', '=', userId).executeTakeFirst();
}

/** Creates the profile row on first edit; later edits change only the given columns. */
export async function saveProfile(db: Db, userId: number, input: ProfileColumns): Promise<void> {
  const { links, ...columns } = input;
  const values = { ...columns, ...(links ? { links: JSON.stringify(links) } : {}) };
  await db
    .insertInto('user_profiles')
    .values({ user_id: userId, ...values })
    .onConflict((oc) => oc.column('user_id').doUpdateSet({ ...values, updated_at: new Date() }))
    .execute();
}
