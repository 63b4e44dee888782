import { z } from 'zod';
import { adminListQuerySchema, ZIdFilterSchema } from './admin-list';
import { lazySchema } from './lazy-schema';

/** One admin write as the audit log keeps it: who, what, when, and the subject before/after. */
export const ZAuditLogEntrySchema = lazySchema(() =>
  z.object({
    id: z.number(),
    actor_id: z.number().nullable(),
    actor_name: z.string().nullable(),
    action: z.string(),
    subject_type: z.string(),
    subject_id: z.string().nullable(),
    before: z.unknown().nullable(),
    after: z.unknown().nullable(),
    ip_address: z.string().nullable(),
    created_at: z.string(),
  }),
);
export type TAuditLogEntry = z.infer<typeof ZAuditLogEntrySchema>;

export const AUDIT_LOG_SORTABLE = ['created_at', 'action', 'subject_type'] as const;

/** `GET api/v1/audit-log`: search matches the action and subject; filters by actor and subject type. */
export const ZAuditLogQuerySchema = lazySchema(() =>
  adminListQuerySchema(AUDIT_LOG_SORTABLE, {
    actor_id: ZIdFilterSchema,
    subject_type: z.string().max(50).optional(),
    subject_id: z.string().max(50).optional(),
  }),
);
export type TAuditLogQuery = z.infer<typeof ZAuditLogQuerySchema>;
