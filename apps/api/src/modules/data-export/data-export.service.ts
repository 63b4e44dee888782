import { randomBytes } from 'node:crypto';
import { DATA_EXPORT_TTL_DAYS, type TDataExport } from '@cadence/contracts/data-export';
import type { Kysely } from 'kysely';
import type { Database } from '../../platform/db/schema';
import { AppError } from '../../platform/http/app-error';
import type { JobLog, JobQueue } from '../../platform/jobs/jobs';
import type { Storage } from '../../platform/storage/get-storage';
import type { NotificationsService } from '../notifications/notifications.service';
import * as repository from './data-export.repository';

export const DATA_EXPORT_JOB = 'account.data-export';
const DAY_MS = 24 * 60 * 60 * 1000;

type Row = NonNullable<Awaited<ReturnType<typeof repository.findExport>>>;

/**
 * "Download your data" (issue 37): an archive asked for is a `pending` row and a job; the job
 * builds the zip onto the uploads disk, marks it ready for DATA_EXPORT_TTL_DAYS and notifies the
 * user with the link. Pending rows are queued again when the api starts (a restart loses no ask).
 */
export function createDataExportService(deps: {
  db: Kysely<Database>;
  storage: Pick<Storage, 'get'>;
  notifications: Pick<NotificationsService, 'notify'>;
  appUrl: string;
}) {
  const { db } = deps;
  let jobs: JobQueue | null = null;
  let log: JobLog = { error: () => {} };
  const disk = () => deps.storage.get('uploads');
  const downloadPath = (id: number) => `/api/v1/account/data-export/${id}/download`;

  function toDto(row: Row, now = new Date()): TDataExport {
    const isExpired = row.status === 'ready' && row.expires_at !== null && row.expires_at <= now;
    const status = isExpired ? 'expired' : row.status;
    return {
      id: row.id,
      status,
      requested_at: row.created_at.toISOString(),
      finished_at: row.finished_at?.toISOString() ?? null,
      expires_at: row.expires_at?.toISOString() ?? null,
      download_url: status === 'ready' ? new URL(downloadPath(row.id), deps.appUrl).toString() : null,
    };
  }

  async function build(payload: unknown): Promise<void> {
    const id = Number((payload as { exportId?: unknown })?.exportId);
    const row = Number.isInteger(id) ? await repository.findExport(db, id) : undefined;
    if (row?.status !== 'pending') return;
    try {
      // The archive builder (fflate, fast-xml-parser for XSPF) loads with the first export, not at start.
      const { dataExportStream } = await import('./build-data-export');
      const zip = await dataExportStream(db, row.user_id, deps.appUrl);
      const path = `data-exports/${row.user_id}/${row.id}-${randomBytes(12).toString('hex')}.zip`;
      // Streamed onto the disk as it is built: the archive is never whole in memory.
      await disk().put(path, zip, { mime: 'application/zip' });
      const expiresAt = new Date(Date.now() + DATA_EXPORT_TTL_DAYS * DAY_MS);
      await repository.finishExport(db, row.id, { status: 'ready', path, expiresAt });
      await deps.notifications.notify(row.user_id, 'csv_export_ready', {
        mainAction: {
          action: new URL(downloadPath(row.id), deps.appUrl).toString(),
          label: 'Download your data',
        },
        lines: [
          { type: 'primary', content: 'Your data is ready to download.' },
          { content: `The link works until ${expiresAt.toUTCString()}.` },
        ],
      });
    } catch (error) {
      log.error({ err: error, exportId: row.id }, 'Data export failed');
      await repository.finishExport(db, row.id, {
        status: 'failed',
        error: 'The archive could not be built.',
      });
    }
  }

  const enqueue = (id: number) => jobs?.enqueue(DATA_EXPORT_JOB, { exportId: id }, { jobId: String(id) });

  return {
    bindJobs(queue: JobQueue, jobLog: JobLog) {
      jobs = queue;
      log = jobLog;
      queue.register(DATA_EXPORT_JOB, build);
    },

    async latest(userId: number): Promise<TDataExport | null> {
      const row = await repository.latestExport(db, userId);
      return row ? toDto(row) : null;
    },

    /** A new archive, unless one is still being built (that one is answered). */
    async request(userId: number): Promise<TDataExport> {
      const latest = await repository.latestExport(db, userId);
      if (latest?.status === 'pending') return toDto(latest);
      const row = await repository.insertExport(db, userId);
      await enqueue(row.id);
      return toDto(row);
    },

    /** The archive for its owner while the link lasts; anyone else, or later, gets a 404. */
    async download(userId: number, id: number) {
      const row = await repository.findExport(db, id);
      if (!row || row.user_id !== userId || row.status !== 'ready' || !row.path)
        throw new AppError('not_found', 'This download does not exist.');
      if (row.expires_at && row.expires_at <= new Date())
        throw new AppError('not_found', 'This download link has expired. Ask for a new archive.');
      const driver = disk();
      const info = await driver.stat(row.path);
      return {
        stream: await driver.createReadStream(row.path),
        size: info?.size ?? null,
        createdAt: row.created_at,
      };
    },

    async requeuePending(): Promise<number> {
      const rows = await repository.pendingExports(db);
      for (const row of rows) await enqueue(row.id);
      return rows.length;
    },

    /** Deletes the archives whose link expired, and their rows. */
    async pruneExpired(now = new Date()): Promise<number> {
      const rows = await repository.expiredExports(db, now);
      for (const row of rows) if (row.path) await disk().delete(row.path);
      await repository.deleteExports(
        db,
        rows.map((row) => row.id),
      );
      return rows.length;
    },
  };
}

export type DataExportService = ReturnType<typeof createDataExportService>;
