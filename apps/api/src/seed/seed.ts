import type { Kysely } from 'kysely';
import type { Env } from '../env';
import type { Database } from '../platform/db/schema';

const SEED_NAME = 'initial';

export type SeedResult =
  | { created: false }
  | { created: true; admin: { email: string; generatedPassword: string | null } };

/** Runs once per database (guarded by the `seeds` table), all in one transaction. */
export async function seedDatabase(db: Kysely<Database>, env: Env, appKey: string): Promise<SeedResult> {
  return db.transaction().execute(async (trx) => {
    // The insert doubles as a lock: a second process racing us waits here, then finds the row.
    const claimed = await trx
      .insertInto('seeds')
      .values({ name: SEED_NAME })
      .onConflict((oc) => oc.column('name').doNothing())
      .returning('name')
      .executeTakeFirst();
    if (!claimed) return { created: false } as const;

    // The defaults, roles and demo catalogue are only needed by the start that seeds: a module of
    // their own, not compiled by every later start.
    const { seedContent } = await import('./seed-content');
    const admin = await seedContent(trx, env, appKey);
    return { created: true, admin } as const;
  });
}
