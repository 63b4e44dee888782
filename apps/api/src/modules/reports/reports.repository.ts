import type { TReportableType, TReportResolution } from '@cadence/contracts/report';
import { type Insertable, type Kysely, sql, type Transaction } from 'kysely';
import type { Database } from '../../platform/db/schema';
import { paginate } from '../catalogue/catalogue-query.repository';
import type { ReportsTable } from './reports.tables';

type Db = Kysely<Database>;
type Trx = Transaction<Database>;

export function findReport(db: Db, id: number) {
  return db.selectFrom('reports').selectAll().where('id', '=', id).executeTakeFirst();
}

/** Inserts the report unless the reporter has one open on the item; answers the new id or undefined. */
export async function insertReportUnlessOpen(db: Db, values: Insertable<ReportsTable>) {
  const row = await db
    .insertInto('reports')
    .values(values)
    .onConflict((oc) =>
      oc
        .columns(['reporter_id', 'reportable_type', 'reportable_id'])
        .where('status', '=', 'open')
        .doNothing(),
    )
    .returning('id')
    .executeTakeFirst();
  return row?.id;
}

/** The reporter's open report on the item. */
export async function openReportId(
  db: Db,
  reporterId: number,
  ref: { reportable_type: TReportableType; reportable_id: number },
): Promise<number> {
  const row = await db
    .selectFrom('reports')
    .select('id')
    .where('reporter_id', '=', reporterId)
    .where('reportable_type', '=', ref.reportable_type)
    .where('reportable_id', '=', ref.reportable_id)
    .where('status', '=', 'open')
    .executeTakeFirstOrThrow();
  return Number(row.id);
}

/** One page of reports filtered by status and type. */
export function reportPage(
  db: Db,
  query: { status?: 'open' | 'resolved'; reportable_type?: TReportableType; page: number; perPage: number },
) {
  let base = db.selectFrom('reports');
  if (query.status) base = base.where('status', '=', query.status);
  if (query.reportable_type) base = base.where('reportable_type', '=', query.reportable_type);
  // 'open' sorts before 'resolved': the queue to work through comes first.
  return paginate(base, query, (q) =>
    q.selectAll().orderBy('status', 'asc').orderBy('created_at', 'desc').orderBy('id', 'desc'),
  );
}

/** Marks every open report about the item resolved; answers the reporters (may repeat or be null). */
export async function resolveOpenReports(
  db: Db,
  type: TReportableType,
  id: number,
  resolution: TReportResolution,
  adminId: number,
): Promise<(number | null)[]> {
  const { rows } = await sql<{ reporter_id: number | null }>`update reports
    set status = 'resolved', resolution = ${resolution}, resolved_by = ${adminId}, resolved_at = now(), updated_at = now()
    where reportable_type = ${type} and reportable_id = ${id} and status = 'open'
    returning reporter_id`.execute(db);
  return rows.map((row) => row.reporter_id);
}

// Moderation writes on rows of the playlists and users modules, which have no such statement of their own yet.

export async function unpublishPlaylist(trx: Trx, id: number, now: Date): Promise<void> {
  await trx.updateTable('playlists').set({ public: false, updated_at: now }).where('id', '=', id).execute();
}

export async function banUser(trx: Trx, id: number, now: Date): Promise<void> {
  await trx.updateTable('users').set({ banned_at: now, updated_at: now }).where('id', '=', id).execute();
}

export async function deletePlaylistRow(trx: Trx, id: number): Promise<void> {
  await trx.deleteFrom('playlists').where('id', '=', id).execute();
}
