import type { Kysely } from 'kysely';
import { type MigrationProvider, type MigrationResultSet, Migrator } from 'kysely/migration';
import { migrations } from './migrations/index';

const staticProvider: MigrationProvider = { getMigrations: async () => migrations };

export type MigrateResult = { applied: string[] };

/** Runs every pending forward-only migration; throws with the failing migration's name. */
// biome-ignore lint/suspicious/noExplicitAny: the migrator runs before any typed schema exists
export async function migrateToLatest(db: Kysely<any>): Promise<MigrateResult> {
  // Feature migrations land from parallel branches with their own date slots; each stands alone,
  // so a database that already ran a later slot still takes an earlier newcomer.
  const migrator = new Migrator({ db, provider: staticProvider, allowUnorderedMigrations: true });
  const { error, results }: MigrationResultSet = await migrator.migrateToLatest();
  const failed = results?.find((result) => result.status === 'Error');
  if (error) {
    const cause = error instanceof Error ? error.message : String(error);
    throw new Error(`Migration ${failed?.migrationName ?? ''} failed: ${cause}`, { cause: error });
  }
  return {
    applied: (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName),
  };
}
