import type { Kysely } from 'kysely';
import type { Database } from './schema';

/**
 * Work that may take minutes (a month's payouts run over millions of plays) cannot use the pool:
 * its 15 s statement timeout and 16 s client read timeout guard listeners' requests. The database
 * that opened a `Kysely` registers here how to open one connection of its own for such work.
 */
export type LongRunningOpener = <T>(work: (db: Kysely<Database>) => Promise<T>) => Promise<T>;

/** A generous ceiling all the same: a statement stuck for this long is a fault, not a big month. */
export const LONG_RUNNING_STATEMENT_TIMEOUT_MS = 30 * 60_000;

const openers = new WeakMap<Kysely<Database>, LongRunningOpener>();

export function registerLongRunning(db: Kysely<Database>, opener: LongRunningOpener): void {
  openers.set(db, opener);
}

/**
 * Runs `work` on a dedicated connection of `db`'s database, closed afterwards: on PostgreSQL a
 * client of its own with `LONG_RUNNING_STATEMENT_TIMEOUT_MS` and no client read timeout; in
 * embedded mode the one PGlite connection as is (it has no timeouts). A `Kysely` not opened by
 * `openDatabase` (a test's own) runs `work` on itself.
 */
export function withLongRunningConnection<T>(
  db: Kysely<Database>,
  work: (db: Kysely<Database>) => Promise<T>,
): Promise<T> {
  const opener = openers.get(db);
  return opener ? opener(work) : work(db);
}
