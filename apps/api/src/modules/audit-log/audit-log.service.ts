import type { TAuditLogEntry, TAuditLogQuery } from '@cadence/contracts/audit-log';
import type { Kysely } from 'kysely';
import { mapAdminPage } from '../../platform/db/admin-list';
import type { Database } from '../../platform/db/schema';
import { type AddressReader, redactAddresses } from '../users/address-redaction';
import * as auditLogRepository from './audit-log.repository';

/** PGlite and pg both hand jsonb back parsed; text (older rows, other drivers) is parsed here. */
function parsed(value: unknown): unknown {
  if (typeof value !== 'string') return value ?? null;
  try {
    return JSON.parse(value);
  } catch {
    return value;
  }
}

export function createAuditLogService(deps: { db: Kysely<Database> }) {
  const { db } = deps;
  return {
    /** Addresses in what changed (a user's before/after) only for readers who may see them. */
    async list(params: TAuditLogQuery, reader: AddressReader) {
      const page = await auditLogRepository.page(db, params, reader.canSeeAll);
      return mapAdminPage(page, (rows) =>
        rows.map(
          (row): TAuditLogEntry =>
            redactAddresses(
              {
                ...row,
                actor_name: row.actor_name ?? null,
                before: parsed(row.before),
                after: parsed(row.after),
                created_at: row.created_at.toISOString(),
              },
              reader,
            ),
        ),
      );
    },
  };
}

export type AuditLogService = ReturnType<typeof createAuditLogService>;
