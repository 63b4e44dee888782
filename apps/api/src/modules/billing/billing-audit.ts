import type { FastifyRequest } from 'fastify';
import type { Kysely, Transaction } from 'kysely';
import { requireUser } from '../../platform/auth/access';
import type { Database } from '../../platform/db/schema';
import { recordAudit } from '../audit-log/record-audit';

/**
 * Every admin write on plans, subscriptions and webhook events leaves one audit row once it has
 * committed (`trx`: the transaction that writes several of them at once).
 */
export function auditBilling(
  request: FastifyRequest,
  entry: {
    action: string;
    subjectType: 'plans' | 'subscriptions' | 'billing_webhook_events';
    id: number;
    before?: unknown;
    after?: unknown;
  },
  trx: Kysely<Database> | Transaction<Database> = request.server.deps.db,
) {
  return recordAudit(trx, {
    actorId: requireUser(request).id,
    action: entry.action,
    subjectType: entry.subjectType,
    subjectId: entry.id,
    before: entry.before,
    after: entry.after,
    ipAddress: request.ip,
  });
}
