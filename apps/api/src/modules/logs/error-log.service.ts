import type { TErrorLogEntry } from '@cadence/contracts/error-log';
import type { Kysely, Selectable } from 'kysely';
import type { Database } from '../../platform/db/schema';
import * as errorLogRepository from './error-log.repository';
import type { ErrorLogTable } from './error-log.tables';

/** How many of the newest faults the download holds. */
export const DOWNLOAD_LIMIT = 1000;
const MAX_TEXT = 4000;

export type ServerFault = {
  requestId: string;
  method: string;
  url: string;
  status: number;
  error: unknown;
  userId: number | null;
};

function clip(text: string, max = MAX_TEXT): string {
  return text.length > max ? `${text.slice(0, max)}…` : text;
}

function toEntry(row: Selectable<ErrorLogTable>): TErrorLogEntry {
  return { ...row, created_at: row.created_at.toISOString() };
}

type WarnLog = { warn: (payload: object, message: string) => void };

export function createErrorLogService(deps: { db: Kysely<Database> }) {
  const { db } = deps;
  return {
    /** Never throws: a fault while recording a fault (the database away) only reaches the server log. */
    async record(fault: ServerFault, log: WarnLog): Promise<void> {
      const error = fault.error instanceof Error ? fault.error : new Error(String(fault.error));
      try {
        await errorLogRepository.insert(db, {
          request_id: fault.requestId,
          method: fault.method,
          url: clip(fault.url, 2000),
          status: fault.status,
          exception: clip(error.name || 'Error', 200),
          message: clip(error.message || '(no message)'),
          stack: error.stack ? clip(error.stack) : null,
          user_id: fault.userId,
        });
      } catch (recordError) {
        log.warn({ err: recordError }, 'could not record the error in the error log');
      }
    },

    async list(page: number, perPage: number) {
      const { rows, total } = await errorLogRepository.page(db, page, perPage);
      return {
        data: rows.map(toEntry),
        current_page: page,
        per_page: perPage,
        total,
        last_page: Math.max(1, Math.ceil(total / perPage)),
      };
    },

    /** The newest faults as a plain-text log, one block per fault. */
    async latestAsText(): Promise<string> {
      const rows = await errorLogRepository.latest(db, DOWNLOAD_LIMIT);
      return rows
        .map(
          (row) =>
            `[${row.created_at.toISOString()}] ${row.status} ${row.method} ${row.url} request=${row.request_id}` +
            `${row.user_id ? ` user=${row.user_id}` : ''}\n${row.exception}: ${row.message}\n${row.stack ?? ''}\n`,
        )
        .join('\n');
    },
  };
}

export type ErrorLogService = ReturnType<typeof createErrorLogService>;
