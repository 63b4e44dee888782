import type { TAuditLogEntry, TAuditLogQuery } from '@cadence/contracts/audit-log';
import type { Kysely } from 'kysely';
import { adminPage, mapAdminPage, searchColumns } from '../../platform/db/admin-list';
import type { Database } from '../../platform/db/schema';
import './audit-log.tables';

const SORTABLE = {
  created_at: 'audit_log.created_at',
  action: 'audit_log.action',
  subject_type: 'audit_log.subject_type',
};

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
    async list(params: TAuditLogQuery) {
      let base = db.selectFrom('audit_log').leftJoin('users', 'users.id', 'audit_log.actor_id');
      if (params.query)
        base = base.where(
          searchColumns(['audit_log.action', 'audit_log.subject_type', 'users.email'], params.query),
        );
      if (params.actor_id) base = base.where('audit_log.actor_id', '=', params.actor_id);
      if (params.subject_type) base = base.where('audit_log.subject_type', '=', params.subject_type);
      if (params.subject_id) base = base.where('audit_log.subject_id', '=', params.subject_id);
      const page = await adminPage(
        base,
        params,
        { sortable: SORTABLE, defaultOrderBy: 'created_at', tieBreaker: 'audit_log.id' },
        (query) =>
          query.select([
            'audit_log.id',
            'audit_log.actor_id',
            'users.name as actor_name',
            'audit_log.action',
            'audit_log.subject_type',
            'audit_log.subject_id',
            'audit_log.before',
            'audit_log.after',
            'audit_log.ip_address',
            'audit_log.created_at',
          ]),
      );
      return mapAdminPage(page, (rows) =>
        rows.map(
          (row): TAuditLogEntry => ({
            ...row,
            actor_name: row.actor_name ?? null,
            before: parsed(row.before),
            after: parsed(row.after),
            created_at: row.created_at.toISOString(),
          }),
        ),
      );
    },
  };
}

export type AuditLogService = ReturnType<typeof createAuditLogService>;
