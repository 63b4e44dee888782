import { z } from 'zod';
import { ZUploadDiskSchema } from './file-entry';
import { lazySchema } from './lazy-schema';

/** Spec 9: S3 parts are numbered 1..10000. */
export const MAX_MULTIPART_PARTS = 10000;
/** Spec 9: parts of at least 5 MiB (except the last). */
export const MIN_MULTIPART_PART_SIZE = 5 * 1024 * 1024;
/** Spec 9: S3 multipart at or above 100 MB; tus at or above 4 MB. */
export const MULTIPART_THRESHOLD = 100 * 1024 * 1024;
export const TUS_THRESHOLD = 4 * 1024 * 1024;

export const UPLOAD_MESSAGES = {
  tooLarge: '`:file` exceeds maximum allowed size of :size',
  typeNotAllowed: 'This file type is not allowed',
  timedOut: 'Upload timed out',
  noSpace: "You don't have enough space to upload this file.",
} as const;

/**
 * What the uploader sends beside a file: which disk, where in the file tree, plus extras that
 * other features read (e.g. `uploadType`). Unknown keys pass through as scalars.
 */
export const ZUploadMetadataSchema = lazySchema(() =>
  z
    .object({
      disk: ZUploadDiskSchema.optional(),
      parentId: z.number().int().positive().nullable().optional(),
      relativePath: z.string().max(1024).nullable().optional(),
    })
    .catchall(z.union([z.string().max(1024), z.number(), z.boolean(), z.null()])),
);
export type TUploadMetadata = z.infer<typeof ZUploadMetadataSchema>;

const name = lazySchema(() => z.string().trim().min(1).max(255));
const optionalText = lazySchema(() => z.string().max(255).nullable().optional());
const size = lazySchema(() => z.number().int().min(0).max(Number.MAX_SAFE_INTEGER));

/** `POST file-entries` multipart fields beside `file`; `metadata` is a JSON string in the form. */
export const ZFileEntryUploadFieldsSchema = lazySchema(() =>
  z.object({
    clientMime: optionalText,
    clientExtension: optionalText,
    metadata: ZUploadMetadataSchema.optional(),
  }),
);
export type TFileEntryUploadFields = z.infer<typeof ZFileEntryUploadFieldsSchema>;

export const ZDeleteFileEntriesRequestSchema = lazySchema(() =>
  z.object({
    paths: z.array(z.string().max(1024)).max(1000).optional(),
    entryIds: z.array(z.number().int().positive()).max(1000).optional(),
    deleteForever: z.boolean().optional(),
  }),
);
export type TDeleteFileEntriesRequest = z.infer<typeof ZDeleteFileEntriesRequestSchema>;
export const ZDeleteFileEntriesResponseSchema = lazySchema(() =>
  z.object({ entryIds: z.array(z.number().int()) }),
);
export type TDeleteFileEntriesResponse = z.infer<typeof ZDeleteFileEntriesResponseSchema>;

export const ZS3SimplePresignRequestSchema = lazySchema(() =>
  z.object({
    filename: name,
    mime: optionalText,
    disk: ZUploadDiskSchema.optional(),
    size,
    extension: optionalText,
    metadata: ZUploadMetadataSchema.optional(),
  }),
);
export type TS3SimplePresignRequest = z.infer<typeof ZS3SimplePresignRequestSchema>;
/** PUT the file to `url` with `Content-Type` (the request's mime) and `x-amz-acl: acl`. */
export const ZS3SimplePresignResponseSchema = lazySchema(() =>
  z.object({ url: z.string(), acl: z.string(), key: z.string() }),
);
export type TS3SimplePresignResponse = z.infer<typeof ZS3SimplePresignResponseSchema>;

export const ZS3MultipartCreateRequestSchema = lazySchema(() =>
  z.object({
    filename: name,
    mime: optionalText,
    size,
    extension: optionalText,
    metadata: ZUploadMetadataSchema.optional(),
    /** Spec 9 resume key (name, mime, size, last modified); lets the api find the upload again. */
    fingerprint: z.string().max(1024).optional(),
  }),
);
export type TS3MultipartCreateRequest = z.infer<typeof ZS3MultipartCreateRequestSchema>;
export const ZS3MultipartCreateResponseSchema = lazySchema(() =>
  z.object({ uploadId: z.string(), key: z.string() }),
);
export type TS3MultipartCreateResponse = z.infer<typeof ZS3MultipartCreateResponseSchema>;

const uploadRef = { key: z.string().min(1).max(1024), uploadId: z.string().min(1).max(1024) };
const partNumber = lazySchema(() => z.number().int().min(1).max(MAX_MULTIPART_PARTS));

export const ZS3UploadedPartSchema = lazySchema(() =>
  z.object({
    PartNumber: partNumber,
    ETag: z.string().min(1).max(200),
    Size: z.number().int().min(0),
  }),
);
export type TS3UploadedPart = z.infer<typeof ZS3UploadedPartSchema>;

export const ZS3BatchSignPartUrlsRequestSchema = lazySchema(() =>
  z.object({
    ...uploadRef,
    partNumbers: z.array(partNumber).min(1).max(MAX_MULTIPART_PARTS),
    /**
     * Parts already PUT (with the ETag the S3 server answered): recorded so that
     * `get-uploaded-parts` can answer from the api's own state when the S3 server cannot list parts.
     */
    uploadedParts: z.array(ZS3UploadedPartSchema).max(MAX_MULTIPART_PARTS).optional(),
  }),
);
export type TS3BatchSignPartUrlsRequest = z.infer<typeof ZS3BatchSignPartUrlsRequestSchema>;
export const ZS3BatchSignPartUrlsResponseSchema = lazySchema(() =>
  z.object({
    urls: z.array(z.object({ partNumber, url: z.string() })),
  }),
);
export type TS3BatchSignPartUrlsResponse = z.infer<typeof ZS3BatchSignPartUrlsResponseSchema>;

export const ZS3UploadRefSchema = lazySchema(() => z.object(uploadRef));
export type TS3UploadRef = z.infer<typeof ZS3UploadRefSchema>;
export const ZS3GetUploadedPartsResponseSchema = lazySchema(() =>
  z.object({ parts: z.array(ZS3UploadedPartSchema) }),
);
export type TS3GetUploadedPartsResponse = z.infer<typeof ZS3GetUploadedPartsResponseSchema>;

export const ZS3MultipartCompleteRequestSchema = lazySchema(() =>
  z.object({
    ...uploadRef,
    parts: z
      .array(z.object({ ETag: z.string().min(1).max(200), PartNumber: partNumber }))
      .min(1)
      .max(MAX_MULTIPART_PARTS),
  }),
);
export type TS3MultipartCompleteRequest = z.infer<typeof ZS3MultipartCompleteRequestSchema>;
export const ZS3MultipartCompleteResponseSchema = lazySchema(() =>
  z.object({ location: z.string().nullable() }),
);
export type TS3MultipartCompleteResponse = z.infer<typeof ZS3MultipartCompleteResponseSchema>;

export const ZEmptyUploadResponseSchema = lazySchema(() => z.object({}));

/** `POST s3/entries`: `filename` is the last segment of the key the api handed out. */
export const ZS3EntriesRequestSchema = lazySchema(() =>
  z.object({
    filename: z.string().min(1).max(255),
    clientName: name,
    clientMime: optionalText,
    clientExtension: optionalText,
    size: size.optional(),
    metadata: ZUploadMetadataSchema.optional(),
  }),
);
export type TS3EntriesRequest = z.infer<typeof ZS3EntriesRequestSchema>;

/** `POST tus/entries`: `uploadKey` is the last segment of the tus upload URL. */
export const ZTusEntriesRequestSchema = lazySchema(() => z.object({ uploadKey: z.string().min(1).max(255) }));
export type TTusEntriesRequest = z.infer<typeof ZTusEntriesRequestSchema>;
