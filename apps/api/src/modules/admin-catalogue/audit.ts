import type { FastifyRequest } from 'fastify';
import { recordAudit } from '../audit-log/record-audit';

export type AuditEntry = {
  action: string;
  subject_type: string;
  subject_ids: readonly number[];
  details?: Record<string, unknown>;
};

/**
 * Every admin write of the music pages records one audit row through the admin kit's
 * `recordAudit`, right after the write commits (bulk writes name all their ids in `after`).
 */
export async function audit(request: FastifyRequest, entry: AuditEntry): Promise<void> {
  const single = entry.subject_ids.length === 1 ? entry.subject_ids[0] : null;
  await recordAudit(request.server.deps.db, {
    actorId: request.user?.id ?? null,
    action: entry.action,
    subjectType: entry.subject_type,
    subjectId: single,
    after: { ids: entry.subject_ids, ...entry.details },
    ipAddress: request.ip,
  });
}
