import type { FastifyRequest } from 'fastify';
import { requireUser } from '../../platform/auth/access';
import { recordAudit } from '../audit-log/record-audit';

/** Every admin write on plans and subscriptions leaves one audit row once it has committed. */
export function auditBilling(
  request: FastifyRequest,
  entry: {
    action: string;
    subjectType: 'plans' | 'subscriptions';
    id: number;
    before?: unknown;
    after?: unknown;
  },
) {
  return recordAudit(request.server.deps.db, {
    actorId: requireUser(request).id,
    action: entry.action,
    subjectType: entry.subjectType,
    subjectId: entry.id,
    before: entry.before,
    after: entry.after,
    ipAddress: request.ip,
  });
}
