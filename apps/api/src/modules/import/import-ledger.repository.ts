import { sql } from 'kysely';
import type { LedgerEntry } from './import-plan';
import { column, type Db } from './import-sql.repository';

export async function ledgerEntries(db: Db, sourcePaths: string[]): Promise<Map<string, LedgerEntry>> {
  const entries = new Map<string, LedgerEntry>();
  if (sourcePaths.length === 0) return entries;
  const rows = await db
    .selectFrom('import_files')
    .select(['source_path', 'size', 'mtime_ms', 'sha256', 'track_id'])
    .where('source_path', 'in', sourcePaths)
    .execute();
  for (const row of rows)
    entries.set(row.source_path, {
      size: Number(row.size),
      mtimeMs: Number(row.mtime_ms),
      sha256: row.sha256,
      trackId: row.track_id === null ? null : Number(row.track_id),
    });
  return entries;
}

export type TLedgerRow = {
  sourcePath: string;
  size: number;
  mtimeMs: number;
  sha256: string;
  trackId: number | null;
};

export async function saveLedgers(db: Db, entries: TLedgerRow[]) {
  if (entries.length === 0) return;
  await sql`
    insert into import_files (source_path, size, mtime_ms, sha256, track_id)
    select * from unnest(
      ${column(entries, (entry) => entry.sourcePath)}::text[],
      ${column(entries, (entry) => entry.size)}::bigint[],
      ${column(entries, (entry) => Math.trunc(entry.mtimeMs))}::bigint[],
      ${column(entries, (entry) => entry.sha256)}::text[],
      ${column(entries, (entry) => entry.trackId)}::bigint[])
    on conflict (source_path) do update set size = excluded.size, mtime_ms = excluded.mtime_ms,
      sha256 = excluded.sha256, track_id = excluded.track_id, updated_at = now()`.execute(db);
}

/** Tracks other source paths with the same bytes already made (copies of a file), by hash. */
export async function tracksOfHashes(db: Db, hashes: string[]): Promise<Map<string, number>> {
  const tracks = new Map<string, number>();
  if (hashes.length === 0) return tracks;
  const rows = await db
    .selectFrom('import_files')
    .select(['sha256', 'track_id'])
    .where('sha256', 'in', [...new Set(hashes)])
    .where('track_id', 'is not', null)
    .orderBy('id')
    .execute();
  for (const row of rows) if (!tracks.has(row.sha256)) tracks.set(row.sha256, Number(row.track_id));
  return tracks;
}
