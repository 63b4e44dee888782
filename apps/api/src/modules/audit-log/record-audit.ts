import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../platform/db/schema';
import * as auditLogRepository from './audit-log.repository';

export type AuditEntry = {
  /** The admin who made the change (null for the system). */
  actorId: number | null;
  /** `<subject>.<verb>`: `users.create`, `users.ban`, `roles.update`, `settings.update`... */
  action: string;
  subjectType: string;
  subjectId?: string | number | null;
  before?: unknown;
  after?: unknown;
  ipAddress?: string | null;
};

/** Keys whose values never reach the audit log, at any depth (secrets, hashes, 2FA material). */
const SECRET_KEY = /pass(word)?|secret|token|recovery|api_key|private/i;
const MASK = '********';

export function redactSecrets(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(redactSecrets);
  if (value instanceof Date) return value.toISOString();
  if (value && typeof value === 'object') {
    return Object.fromEntries(
      Object.entries(value).map(([key, inner]) => [
        key,
        SECRET_KEY.test(key) && inner != null && inner !== '' ? MASK : redactSecrets(inner),
      ]),
    );
  }
  return value;
}

const asJson = (value: unknown) =>
  value === undefined || value === null ? null : JSON.stringify(redactSecrets(value));

/**
 * Records one admin write. Call it with the transaction of the write itself, so the change and
 * its record commit or roll back together (an audit row never describes a change that did not
 * happen, and no change escapes its row).
 */
export async function recordAudit(
  trx: Transaction<Database> | Kysely<Database>,
  entry: AuditEntry,
): Promise<void> {
  await auditLogRepository.insert(trx, {
    actor_id: entry.actorId,
    action: entry.action,
    subject_type: entry.subjectType,
    subject_id: entry.subjectId == null ? null : String(entry.subjectId),
    before: asJson(entry.before),
    after: asJson(entry.after),
    ip_address: entry.ipAddress ?? null,
  });
}
