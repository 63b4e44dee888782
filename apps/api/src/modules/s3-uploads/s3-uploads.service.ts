import { randomUUID } from 'node:crypto';
import type { TUploadDisk } from '@cadence/contracts/file-entry';
import type {
  TS3BatchSignPartUrlsRequest,
  TS3EntriesRequest,
  TS3MultipartCompleteRequest,
  TS3MultipartCreateRequest,
  TS3SimplePresignRequest,
  TS3UploadedPart,
  TS3UploadRef,
} from '@cadence/contracts/uploads';
import type { Kysely } from 'kysely';
import type { AuthUser } from '../../platform/auth/auth-user';
import type { Database } from '../../platform/db/schema';
import { AppError } from '../../platform/http/app-error';
import type { Storage } from '../../platform/storage/get-storage';
import type { S3Connection, S3Location } from '../../platform/storage/storage';
import type { FileEntriesService } from '../file-entries/file-entries.service';
import type { SettingsService } from '../settings/settings.service';
import { cleanExtension } from '../uploads/sniff-type';
import { assertTypeAllowed } from '../uploads/upload-policy';
import * as s3UploadsRepository from './s3-uploads.repository';
import { mergeParts } from './s3-uploads.repository';
import type { S3UploadRow } from './s3-uploads.tables';

type Deps = {
  db: Kysely<Database>;
  storage: Storage;
  settings: SettingsService;
  fileEntries: FileEntriesService;
};

const SIGNED_URL_TTL_SECONDS = 3600;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

type NewUploadRequest = Pick<
  TS3SimplePresignRequest,
  'filename' | 'mime' | 'size' | 'extension' | 'metadata'
>;

export function createS3UploadsService({ db, storage, settings, fileEntries }: Deps) {
  async function directS3(disk: TUploadDisk): Promise<S3Location & S3Connection> {
    const location = storage.get(disk).s3;
    if (!location || !(await settings.get('uploads.s3_direct_upload'))) {
      throw new AppError('forbidden', 'Direct uploads to S3 are not enabled.');
    }
    return { ...location, ...(await location.connect()) };
  }

  /** Before handing out URLs: size, quota and the claimed type (the bytes are judged at `s3/entries`). */
  async function admit(user: AuthUser, request: NewUploadRequest) {
    const policy = await fileEntries.policyFor(user);
    await fileEntries.assertCanStore(user, policy, request.filename, request.size);
    assertTypeAllowed(policy, {
      mime: request.mime ?? 'application/octet-stream',
      extension: cleanExtension(request.extension),
      isSniffed: false,
    });
  }

  async function owned(user: AuthUser, ref: TS3UploadRef, status: S3UploadRow['status']) {
    const row = await s3UploadsRepository.findOwned(db, user.id, ref.key);
    if (!row || row.upload_id !== ref.uploadId || row.status !== status) {
      throw new AppError('not_found', 'Upload not found.');
    }
    return { row, location: await directS3(row.disk) };
  }

  async function record(
    user: AuthUser,
    request: NewUploadRequest,
    values: Partial<S3UploadRow> & { key: string },
  ) {
    await s3UploadsRepository.insert(db, {
      key: values.key,
      upload_id: values.upload_id ?? null,
      kind: values.kind ?? 'simple',
      owner_id: user.id,
      disk: values.disk ?? 'uploads',
      fingerprint: values.fingerprint ?? null,
      client_name: request.filename,
      client_mime: request.mime ?? null,
      client_extension: request.extension ?? null,
      size: request.size,
    });
  }

  return {
    async presignSimple(user: AuthUser, request: TS3SimplePresignRequest) {
      const disk = request.disk ?? request.metadata?.disk ?? 'uploads';
      const location = await directS3(disk);
      await admit(user, request);
      const key = location.keyFor(randomUUID());
      const acl = disk === 'public' ? 'public-read' : 'private';
      // Signing the length makes S3 refuse a body of any other size than the one admitted.
      const command = new location.sdk.PutObjectCommand({
        Bucket: location.bucket,
        Key: key,
        ContentType: request.mime ?? 'application/octet-stream',
        ContentLength: request.size,
        ACL: acl,
      });
      const url = await location.sdk.getSignedUrl(location.client, command, {
        expiresIn: SIGNED_URL_TTL_SECONDS,
        signableHeaders: new Set(['content-type', 'content-length', 'x-amz-acl']),
      });
      await record(user, request, { key, kind: 'simple', disk });
      return { url, acl, key };
    },

    async createMultipart(user: AuthUser, request: TS3MultipartCreateRequest) {
      const disk = request.metadata?.disk ?? 'uploads';
      const location = await directS3(disk);
      await admit(user, request);
      const key = location.keyFor(randomUUID());
      const created = await location.client.send(
        new location.sdk.CreateMultipartUploadCommand({
          Bucket: location.bucket,
          Key: key,
          ContentType: request.mime ?? 'application/octet-stream',
        }),
      );
      if (!created.UploadId) throw new Error('The S3 server returned no upload id.');
      await record(user, request, {
        key,
        upload_id: created.UploadId,
        kind: 'multipart',
        disk,
        fingerprint: request.fingerprint ?? null,
      });
      return { uploadId: created.UploadId, key };
    },

    async signParts(user: AuthUser, request: TS3BatchSignPartUrlsRequest) {
      const { row, location } = await owned(user, request, 'pending');
      if (request.uploadedParts?.length) {
        await s3UploadsRepository.saveParts(db, row.id, mergeParts(row.parts, request.uploadedParts));
      }
      const urls = await Promise.all(
        [...new Set(request.partNumbers)].map(async (partNumber) => ({
          partNumber,
          url: await location.sdk.getSignedUrl(
            location.client,
            new location.sdk.UploadPartCommand({
              Bucket: location.bucket,
              Key: row.key,
              UploadId: request.uploadId,
              PartNumber: partNumber,
            }),
            { expiresIn: SIGNED_URL_TTL_SECONDS },
          ),
        })),
      );
      return { urls };
    },

    /**
     * The S3 server's own list when it can give one; otherwise the parts the client reported
     * while signing (servers without ListParts, such as the test peers).
     */
    async uploadedParts(user: AuthUser, ref: TS3UploadRef): Promise<{ parts: TS3UploadedPart[] }> {
      const { row, location } = await owned(user, ref, 'pending');
      try {
        const listed = await location.client.send(
          new location.sdk.ListPartsCommand({
            Bucket: location.bucket,
            Key: row.key,
            UploadId: ref.uploadId,
          }),
        );
        const parts = (listed.Parts ?? []).flatMap((part) =>
          part.PartNumber && part.ETag
            ? [{ PartNumber: part.PartNumber, ETag: part.ETag, Size: part.Size ?? 0 }]
            : [],
        );
        if (listed.Parts !== undefined || listed.UploadId) return { parts };
      } catch (error) {
        if ((error as { name?: string }).name === 'NoSuchUpload') {
          throw new AppError('not_found', 'Upload not found.');
        }
      }
      return { parts: row.parts };
    },

    async complete(user: AuthUser, request: TS3MultipartCompleteRequest) {
      const { row, location } = await owned(user, request, 'pending');
      const parts = [...request.parts].sort((a, b) => a.PartNumber - b.PartNumber);
      const result = await location.client.send(
        new location.sdk.CompleteMultipartUploadCommand({
          Bucket: location.bucket,
          Key: row.key,
          UploadId: request.uploadId,
          MultipartUpload: { Parts: parts },
        }),
      );
      const sizes = new Map(row.parts.map((part) => [part.PartNumber, part.Size]));
      await s3UploadsRepository.markCompleted(
        db,
        row.id,
        parts.map((part) => ({ ...part, Size: sizes.get(part.PartNumber) ?? 0 })),
      );
      return { location: result.Location ?? null };
    },

    async abort(user: AuthUser, ref: TS3UploadRef) {
      const { row, location } = await owned(user, ref, 'pending');
      await location.client.send(
        new location.sdk.AbortMultipartUploadCommand({
          Bucket: location.bucket,
          Key: row.key,
          UploadId: ref.uploadId,
        }),
      );
      await s3UploadsRepository.remove(db, row.id);
      return {};
    },

    /** Only the uploader may turn an object into an entry, and only once it is whole. */
    async createEntry(user: AuthUser, request: TS3EntriesRequest) {
      if (!UUID.test(request.filename)) throw new AppError('not_found', 'Upload not found.');
      const disk = request.metadata?.disk ?? 'uploads';
      const location = await directS3(disk);
      const row = await s3UploadsRepository.findOwned(db, user.id, location.keyFor(request.filename));
      const isWhole = row && (row.kind === 'simple' || row.status === 'completed');
      if (!row || !isWhole) throw new AppError('not_found', 'Upload not found.');
      const path = location.pathFor(row.key) as string;
      try {
        return await fileEntries.adoptStoredFile(user, {
          disk: row.disk,
          path,
          fileName: request.filename,
          clientName: request.clientName,
          clientMime: request.clientMime,
          clientExtension: request.clientExtension,
          metadata: request.metadata,
        });
      } finally {
        await s3UploadsRepository.remove(db, row.id);
      }
    },
  };
}

export type S3UploadsService = ReturnType<typeof createS3UploadsService>;
