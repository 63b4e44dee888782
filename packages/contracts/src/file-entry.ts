import { z } from 'zod';
import { lazySchema } from './lazy-schema';

export const ZUploadDiskSchema = lazySchema(() => z.enum(['uploads', 'public']));
export type TUploadDisk = z.infer<typeof ZUploadDiskSchema>;

/**
 * Spec 3 "File entry" as the server returns it. `mime` and `extension` come from the file's
 * bytes (content sniffing); what the client claimed is kept in `client_mime`/`client_extension`.
 */
export const ZFileEntrySchema = lazySchema(() =>
  z.object({
    id: z.number().int(),
    name: z.string(),
    file_name: z.string(),
    file_size: z.number().int().min(0),
    mime: z.string(),
    extension: z.string(),
    client_name: z.string().nullable(),
    client_mime: z.string().nullable(),
    client_extension: z.string().nullable(),
    path: z.string(),
    disk: ZUploadDiskSchema,
    driver: z.enum(['local', 's3']),
    parent_id: z.number().int().nullable(),
    owner_id: z.number().int().nullable(),
    /** Public URL on the public disk; the api download path (`api/v1/file-entries/{id}`) otherwise. */
    url: z.string(),
    created_at: z.string(),
    updated_at: z.string(),
    deleted_at: z.string().nullable(),
  }),
);
export type TFileEntry = z.infer<typeof ZFileEntrySchema>;

export const ZFileEntryResponseSchema = lazySchema(() => z.object({ fileEntry: ZFileEntrySchema }));
export type TFileEntryResponse = z.infer<typeof ZFileEntryResponseSchema>;

/** `GET|HEAD storage/*`: a path on the public disk (checked for safety by the route). */
export const ZStoragePathParamsSchema = lazySchema(() => z.object({ '*': z.string() }));
