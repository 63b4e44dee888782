import type { TPagination } from '@cadence/contracts/pagination';
import type { TReport, TReportCreate } from '@cadence/contracts/report';
import type { Kysely, Selectable } from 'kysely';
import type { Database } from '../../platform/db/schema';
import { AppError } from '../../platform/http/app-error';
import { iso, isoRequired } from '../catalogue/catalogue-utils';
import { publicUsers } from '../users/public-user';
import { reportedItems } from './report-items.repository';
import { findReport, insertReportUnlessOpen, openReportId, reportPage } from './reports.repository';
import type { ReportsTable } from './reports.tables';

type Db = Kysely<Database>;
type ReportRow = Selectable<ReportsTable>;

export function createReportsService(db: Db) {
  async function toDtos(rows: ReportRow[]): Promise<TReport[]> {
    const refs = rows.map((row) => ({
      reportable_type: row.reportable_type,
      reportable_id: Number(row.reportable_id),
    }));
    const [items, users] = await Promise.all([
      reportedItems(db, refs),
      publicUsers(
        db,
        rows.flatMap((row) => [row.reporter_id, row.resolved_by].filter((id): id is number => id !== null)),
      ),
    ]);
    return rows.map((row) => ({
      id: Number(row.id),
      reportable_type: row.reportable_type,
      reportable_id: Number(row.reportable_id),
      item: items.get(`${row.reportable_type}:${Number(row.reportable_id)}`) ?? null,
      reason: row.reason,
      details: row.details,
      reporter: row.reporter_id === null ? null : (users.get(row.reporter_id) ?? null),
      status: row.status,
      resolution: row.resolution,
      resolved_by: row.resolved_by === null ? null : (users.get(row.resolved_by) ?? null),
      resolved_at: iso(row.resolved_at),
      created_at: isoRequired(row.created_at),
    }));
  }

  async function find(id: number): Promise<TReport> {
    const row = await findReport(db, id);
    if (!row) throw new AppError('not_found', 'Report not found.');
    return (await toDtos([row]))[0] as TReport;
  }

  return {
    find,

    /** A second report of the same item by the same user while one is open answers the open one. */
    async create(reporterId: number, input: TReportCreate): Promise<TReport> {
      const ref = { reportable_type: input.reportable_type, reportable_id: input.reportable_id };
      const items = await reportedItems(db, [ref]);
      if (!items.has(`${ref.reportable_type}:${ref.reportable_id}`))
        throw new AppError('not_found', 'There is nothing to report here.');
      if (ref.reportable_type === 'user' && ref.reportable_id === reporterId)
        throw new AppError('validation', 'You cannot report yourself.', {
          reportable_id: 'You cannot report yourself.',
        });
      const id = await insertReportUnlessOpen(db, {
        ...ref,
        reporter_id: reporterId,
        reason: input.reason,
        details: input.details ?? null,
      });
      if (id !== undefined) return find(Number(id));
      return find(await openReportId(db, reporterId, ref));
    },

    async list(query: {
      status?: 'open' | 'resolved';
      reportable_type?: TReport['reportable_type'];
      page: number;
      perPage: number;
    }): Promise<TPagination<TReport>> {
      const page = await reportPage(db, query);
      return { pagination: { ...page.pagination, data: await toDtos(page.pagination.data) } };
    },
  };
}
