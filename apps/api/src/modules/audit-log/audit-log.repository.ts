import type { TAuditLogQuery } from '@cadence/contracts/audit-log';
import type { Kysely, Transaction } from 'kysely';
import { adminPage, searchColumns } from '../../platform/db/admin-list';
import type { Database } from '../../platform/db/schema';
import './audit-log.tables';

type Db = Kysely<Database> | Transaction<Database>;

const SORTABLE = {
  created_at: 'audit_log.created_at',
  action: 'audit_log.action',
  subject_type: 'audit_log.subject_type',
};

/** One audit row as stored: `before` and `after` are JSON text (already redacted), or null. */
export type AuditLogInsert = {
  actor_id: number | null;
  action: string;
  subject_type: string;
  subject_id: string | null;
  before: string | null;
  after: string | null;
  ip_address: string | null;
};

export async function insert(db: Db, row: AuditLogInsert): Promise<void> {
  await db.insertInto('audit_log').values(row).execute();
}

/**
 * One page of the log with the actor's name: search, actor/subject filters, sort. The search
 * matches the actor's address only with `searchesAddresses` (else it would confirm one).
 */
export function page(db: Db, params: TAuditLogQuery, searchesAddresses: boolean) {
  let base = db.selectFrom('audit_log').leftJoin('users', 'users.id', 'audit_log.actor_id');
  if (params.query)
    base = base.where(
      searchColumns(
        [
          'audit_log.action',
          'audit_log.subject_type',
          ...(searchesAddresses ? ['users.email' as const] : []),
        ],
        params.query,
      ),
    );
  if (params.actor_id) base = base.where('audit_log.actor_id', '=', params.actor_id);
  if (params.subject_type) base = base.where('audit_log.subject_type', '=', params.subject_type);
  if (params.subject_id) base = base.where('audit_log.subject_id', '=', params.subject_id);
  return adminPage(
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
}
