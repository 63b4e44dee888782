import type { Kysely } from 'kysely';
import { type MigrationProvider, type MigrationResultSet, Migrator } from 'kysely/migration';
import { finishBackfill, pendingBackfills, saveBackfillPosition } from './data-backfills.repository';
import { appliedMigrationNames } from './migration-state.repository';
import { migrationNames } from './migrations/names';

/** Every migration's module (~60 files of schema code): imported only when there is work for them. */
const loadMigrations = () => import('./migrations/index');

export type MigrateResult = { applied: string[] };

/**
 * Ids a backfill fills in one transaction: its row locks and the link tables' lock stay short.
 * `track-link-ids` (2026-11-30T03-00) on the bench's 1M catalogue, as an upgrade runs it (the
 * tracks table packed as before that migration, its GIN indexes and 07-30's in place): 122.5 s
 * for 100 ranges, ~1.2 s a range, on a busy 2-core machine (load 9-22, 2026-11-30 14:39).
 */
export const BACKFILL_RANGE = 10_000;

/**
 * Runs the backfills migrations queued, one id range a transaction with its position, so the
 * rows' locks last one range and a range's dead rows can be reused by the next (they cannot in
 * one statement). A restart goes on from the last range saved.
 */
// biome-ignore lint/suspicious/noExplicitAny: see migrateToLatest
export async function runBackfills(db: Kysely<any>, range = BACKFILL_RANGE): Promise<void> {
  const queued = await pendingBackfills(db);
  if (queued.length === 0) return;
  const { backfills } = await loadMigrations();
  for (const pending of queued) {
    const backfill = backfills[pending.name];
    if (!backfill) throw new Error(`Backfill ${pending.name} is queued but unknown to this version.`);
    const end = await backfill.end(db);
    for (let afterId = pending.afterId; afterId < end; afterId += range) {
      const toId = afterId + range;
      await db.transaction().execute(async (trx) => {
        await backfill.run(trx, { afterId, toId });
        await saveBackfillPosition(trx, pending.name, toId);
      });
    }
    await finishBackfill(db, pending.name);
  }
}

/** Runs every pending forward-only migration, then the backfills they queued; throws with the failing migration's name. */
// biome-ignore lint/suspicious/noExplicitAny: the migrator runs before any typed schema exists
export async function migrateToLatest(db: Kysely<any>): Promise<MigrateResult> {
  // The usual start: the database ran exactly this version's migrations (an unknown name, a
  // newer version's, still goes to the migrator, which refuses it) and no backfill is queued.
  const applied = await appliedMigrationNames(db);
  if (applied && isEveryMigration(applied) && (await pendingBackfills(db)).length === 0)
    return { applied: [] };
  const { migrations } = await loadMigrations();
  const provider: MigrationProvider = { getMigrations: async () => migrations };
  // Feature migrations land from parallel branches with their own date slots; each stands alone,
  // so a database that already ran a later slot still takes an earlier newcomer.
  const migrator = new Migrator({ db, provider, allowUnorderedMigrations: true });
  const { error, results }: MigrationResultSet = await migrator.migrateToLatest();
  const failed = results?.find((result) => result.status === 'Error');
  if (error) {
    const cause = error instanceof Error ? error.message : String(error);
    throw new Error(`Migration ${failed?.migrationName ?? ''} failed: ${cause}`, { cause: error });
  }
  await runBackfills(db);
  return {
    applied: (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName),
  };
}

function isEveryMigration(applied: readonly string[]): boolean {
  const names = new Set(applied);
  return names.size === migrationNames.length && migrationNames.every((name) => names.has(name));
}
