/**
 * Empties `tables` and everything that references them, as the benchmarks do before they load
 * a generated catalogue. The payouts ledger refuses TRUNCATE by trigger (its entries are
 * append-only) and references artists, so the statement runs in a transaction that does not fire
 * triggers (`session_replication_role = replica`, local to it): a fresh benchmark database has no
 * ledger entries to lose, and the api never runs this.
 */
export function truncateCascadeSql(tables: readonly string[]): string {
  return [
    'begin',
    'set local session_replication_role = replica',
    `truncate ${tables.join(', ')} restart identity cascade`,
    'commit',
  ].join('; ');
}
