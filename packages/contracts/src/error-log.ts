import { z } from 'zod';
import { lazySchema } from './lazy-schema';

/** One server fault in the admin's error log (spec 2.12 logs, "error" tab). */
export const ZErrorLogEntrySchema = lazySchema(() =>
  z.object({
    id: z.number(),
    request_id: z.string(),
    method: z.string(),
    url: z.string(),
    status: z.number(),
    exception: z.string(),
    message: z.string(),
    stack: z.string().nullable(),
    user_id: z.number().nullable(),
    created_at: z.string(),
  }),
);
export type TErrorLogEntry = z.infer<typeof ZErrorLogEntrySchema>;

/** `GET api/v1/logs/error/download-latest`: spec 7 "download link". */
export const ZErrorLogDownloadLinkSchema = lazySchema(() =>
  z.object({ download_url: z.string(), file_name: z.string() }),
);
export type TErrorLogDownloadLink = z.infer<typeof ZErrorLogDownloadLinkSchema>;

/** One mail in the outgoing-email log (spec 2.12 logs, "outgoing-email" tab). */
export const ZMailLogEntrySchema = lazySchema(() =>
  z.object({
    id: z.number(),
    to: z.string(),
    subject: z.string(),
    driver: z.string(),
    status: z.string(),
    body: z.string().nullable(),
    error: z.string().nullable(),
    created_at: z.string(),
  }),
);
export type TMailLogEntry = z.infer<typeof ZMailLogEntrySchema>;

/** The error log's download: the latest errors as plain text. */
export const ZErrorLogTextSchema = lazySchema(() => z.string());
