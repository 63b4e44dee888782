import type { Readable } from 'node:stream';
import type { S3Client } from '@aws-sdk/client-s3';
import {
  type ByteRange,
  type PutBody,
  type S3Connection,
  type S3Sdk,
  type StorageDisk,
  type StorageDriver,
  StorageNotFoundError,
  validateStoragePath,
} from './storage';

export type S3Config = {
  key: string;
  secret: string;
  region: string;
  bucket: string;
  /** Any S3-compatible endpoint; empty for AWS itself. */
  endpoint: string | null;
  isPathStyle: boolean;
  /** Base URL of public objects (a CDN); defaults to the endpoint + bucket. */
  publicBaseUrl: string | null;
};

export function loadS3Sdk(): Promise<S3Sdk> {
  return import('./s3-sdk');
}

export function createS3Client(sdk: S3Sdk, config: S3Config): S3Client {
  return new sdk.S3Client({
    region: config.region,
    endpoint: config.endpoint ?? undefined,
    forcePathStyle: config.isPathStyle,
    credentials: { accessKeyId: config.key, secretAccessKey: config.secret },
    // Default CRC32 checksums break presigned browser PUTs and most S3-compatible servers.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });
}

function isNotFound(sdk: S3Sdk, error: unknown): boolean {
  if (error instanceof sdk.NotFound || error instanceof sdk.NoSuchKey) return true;
  return error instanceof sdk.S3ServiceException && error.$metadata.httpStatusCode === 404;
}

function defaultPublicBase(config: S3Config): string {
  if (config.endpoint) {
    const endpoint = config.endpoint.replace(/\/+$/, '');
    if (config.isPathStyle) return `${endpoint}/${config.bucket}`;
    const url = new URL(endpoint);
    return `${url.protocol}//${config.bucket}.${url.host}`;
  }
  return `https://${config.bucket}.s3.${config.region}.amazonaws.com`;
}

export function createS3Driver(options: {
  disk: StorageDisk;
  config: S3Config;
  client?: S3Client;
}): StorageDriver {
  const { disk, config } = options;
  let connection: Promise<S3Connection> | undefined;
  const connect = () => {
    connection ??= loadS3Sdk().then((sdk) => ({
      sdk,
      client: options.client ?? createS3Client(sdk, config),
    }));
    return connection;
  };
  const prefix = `${disk}/`;
  const keyFor = (path: string) => `${prefix}${validateStoragePath(path)}`;
  const publicBase = (config.publicBaseUrl ?? defaultPublicBase(config)).replace(/\/+$/, '');

  async function head(path: string) {
    const { client, sdk } = await connect();
    try {
      return await client.send(new sdk.HeadObjectCommand({ Bucket: config.bucket, Key: keyFor(path) }));
    } catch (error) {
      if (isNotFound(sdk, error)) return null;
      throw error;
    }
  }

  return {
    driver: 's3',
    disk,
    s3: {
      connect,
      bucket: config.bucket,
      keyFor,
      pathFor: (key) => (key.startsWith(prefix) ? key.slice(prefix.length) : null),
    },

    async put(path: string, body: PutBody, { mime }: { mime: string }) {
      // lib-storage streams in 5 MiB parts (multipart above that), so memory stays bounded.
      let size = 0;
      const { client, sdk } = await connect();
      const upload = new sdk.Upload({
        client,
        params: { Bucket: config.bucket, Key: keyFor(path), Body: body, ContentType: mime },
        queueSize: 2,
        partSize: 5 * 1024 * 1024,
      });
      upload.on('httpUploadProgress', (progress) => {
        size = Math.max(size, progress.loaded ?? 0);
      });
      await upload.done();
      const stored = await head(path);
      return { size: stored?.ContentLength ?? size };
    },

    async createReadStream(path: string, range: ByteRange = {}) {
      const hasRange = range.start !== undefined || range.end !== undefined;
      const header = hasRange ? `bytes=${range.start ?? 0}-${range.end ?? ''}` : undefined;
      const { client, sdk } = await connect();
      try {
        const result = await client.send(
          new sdk.GetObjectCommand({ Bucket: config.bucket, Key: keyFor(path), Range: header }),
        );
        return result.Body as Readable;
      } catch (error) {
        if (isNotFound(sdk, error)) throw new StorageNotFoundError(path);
        throw error;
      }
    },

    async stat(path: string) {
      const result = await head(path);
      if (!result) return null;
      return {
        size: result.ContentLength ?? 0,
        mime: result.ContentType ?? null,
        lastModified: result.LastModified ?? new Date(0),
      };
    },

    async exists(path: string) {
      return (await head(path)) !== null;
    },

    async delete(path: string) {
      const { client, sdk } = await connect();
      await client.send(new sdk.DeleteObjectCommand({ Bucket: config.bucket, Key: keyFor(path) }));
    },

    async presignGet(path: string, ttlSeconds: number, presignOptions = {}) {
      const disposition = presignOptions.downloadName
        ? `attachment; filename*=UTF-8''${encodeURIComponent(presignOptions.downloadName)}`
        : undefined;
      const { client, sdk } = await connect();
      const command = new sdk.GetObjectCommand({
        Bucket: config.bucket,
        Key: keyFor(path),
        ResponseContentDisposition: disposition,
      });
      return sdk.getSignedUrl(client, command, { expiresIn: ttlSeconds });
    },

    publicUrl(path: string) {
      if (disk !== 'public') return null;
      return `${publicBase}/${keyFor(path)}`;
    },
  };
}
