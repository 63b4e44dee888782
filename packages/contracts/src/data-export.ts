import { z } from 'zod';
import { lazySchema } from './lazy-schema';

/** How long a finished "Download your data" archive can be downloaded. */
export const DATA_EXPORT_TTL_DAYS = 7;

export const ZDataExportSchema = lazySchema(() =>
  z.object({
    id: z.int(),
    status: z.enum(['pending', 'ready', 'failed', 'expired']),
    requested_at: z.string(),
    finished_at: z.string().nullable(),
    expires_at: z.string().nullable(),
    /** Only while ready: the archive (for its owner's session only). */
    download_url: z.string().nullable(),
  }),
);
export type TDataExport = z.infer<typeof ZDataExportSchema>;

export const ZDataExportResponseSchema = lazySchema(() => z.object({ export: ZDataExportSchema.nullable() }));
export type TDataExportResponse = z.infer<typeof ZDataExportResponseSchema>;
