import { z } from 'zod';
import { adminListQuerySchema, BULK_DELETE_MAX, ZBooleanFilterSchema } from './admin-list';
import { ZIdSchema } from './catalogue';
import { ZFileEntrySchema, ZUploadDiskSchema } from './file-entry';
import { lazySchema } from './lazy-schema';

/** Spec 2.12 files: every file entry with its owner; trashed ones too. */
export const ZAdminFileEntrySchema = lazySchema(() =>
  ZFileEntrySchema.extend({
    /** `email` only for holders of users.update (issue 31). */
    owner: z.object({ id: z.number(), name: z.string(), email: z.string().optional() }).nullable(),
  }),
);
export type TAdminFileEntry = z.infer<typeof ZAdminFileEntrySchema>;

export const ADMIN_FILES_SORTABLE = ['name', 'file_size', 'created_at', 'deleted_at'] as const;
export const ZFileKindSchema = lazySchema(() => z.enum(['image', 'audio', 'video', 'other']));
export const ZAdminFilesQuerySchema = lazySchema(() =>
  adminListQuerySchema(ADMIN_FILES_SORTABLE, {
    disk: ZUploadDiskSchema.optional(),
    /** `1`: only the trash; `0`: only live entries; absent: both. */
    trashed: ZBooleanFilterSchema,
    kind: ZFileKindSchema.optional(),
  }),
);
export type TAdminFilesQuery = z.infer<typeof ZAdminFilesQuerySchema>;

const ZIdsSchema = lazySchema(() =>
  z
    .array(ZIdSchema)
    .min(1, 'Select at least one file.')
    .max(BULK_DELETE_MAX, `At most ${BULK_DELETE_MAX} files at once.`),
);

/** `DELETE api/v1/file-entries`: to the trash, or for ever (rows and bytes). */
export const ZAdminDeleteFilesPayloadSchema = lazySchema(() =>
  z.object({
    ids: ZIdsSchema,
    forever: z.boolean().default(false),
  }),
);
export type TAdminDeleteFilesPayload = z.input<typeof ZAdminDeleteFilesPayloadSchema>;

export const ZAdminRestoreFilesPayloadSchema = lazySchema(() => z.object({ ids: ZIdsSchema }));

export const ZFilesChangedResponseSchema = lazySchema(() =>
  z.object({ message: z.string(), count: z.number() }),
);

/** Storage used per disk: live and trashed bytes (trashed files keep their bytes until deleted for ever). */
export const ZDiskUsageSchema = lazySchema(() =>
  z.object({
    disk: ZUploadDiskSchema,
    driver: z.string(),
    files: z.number(),
    bytes: z.number(),
    trashed_files: z.number(),
    trashed_bytes: z.number(),
  }),
);
export type TDiskUsage = z.infer<typeof ZDiskUsageSchema>;
export const ZDiskUsageResponseSchema = lazySchema(() => z.object({ disks: z.array(ZDiskUsageSchema) }));
export type TDiskUsageResponse = z.infer<typeof ZDiskUsageResponseSchema>;
