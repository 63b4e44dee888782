import type { Readable } from 'node:stream';

export const STORAGE_DISKS = ['uploads', 'public'] as const;
export type StorageDisk = (typeof STORAGE_DISKS)[number];
export type StorageDriverName = 'local' | 's3';

export type StoredObjectInfo = { size: number; mime: string | null; lastModified: Date };
/** Inclusive byte offsets, as in an HTTP `Range: bytes=start-end` header. */
export type ByteRange = { start?: number; end?: number };
export type PutBody = Readable | Buffer | Uint8Array;

/** Where an S3 driver keeps a disk: the api's S3 endpoints sign requests against these. */
export type S3Sdk = typeof import('./s3-sdk');
export type S3Connection = { client: import('@aws-sdk/client-s3').S3Client; sdk: S3Sdk };

export type S3Location = {
  /** The SDK and this disk's client, loaded on first use (never at start). */
  connect: () => Promise<S3Connection>;
  bucket: string;
  /** The object key of a disk-relative path (`uploads/<path>`). */
  keyFor: (path: string) => string;
  /** The disk-relative path of an object key, or null when the key lies outside this disk. */
  pathFor: (key: string) => string | null;
};

/**
 * One disk of one driver. Paths are disk-relative, server-generated (`validateStoragePath`
 * refuses anything else) and never contain `..`, a leading slash or a backslash.
 */
export interface StorageDriver {
  readonly driver: StorageDriverName;
  readonly disk: StorageDisk;
  /** Streams the body to the path; resolves with the stored size once fully written. */
  put(path: string, body: PutBody, options: { mime: string }): Promise<{ size: number }>;
  /** A stream of the whole file or an inclusive byte range; rejects with `StorageNotFoundError`. */
  createReadStream(path: string, range?: ByteRange): Promise<Readable>;
  stat(path: string): Promise<StoredObjectInfo | null>;
  exists(path: string): Promise<boolean>;
  /** Idempotent: deleting a missing path succeeds. */
  delete(path: string): Promise<void>;
  /** A short-lived direct download URL, or null when the driver serves bytes through the api. */
  presignGet(path: string, ttlSeconds: number, options?: { downloadName?: string }): Promise<string | null>;
  /** A permanent URL for files on the public disk, or null when the file is not publicly reachable. */
  publicUrl(path: string): string | null;
  /** Set for S3-compatible drivers only. */
  readonly s3: S3Location | null;
  /**
   * The absolute file of a path on a local disk, for file answers that read it directly (a
   * shared open handle, `X-Accel-Redirect`); absent on drivers without local files.
   */
  localFile?(path: string): string;
}

export class StorageNotFoundError extends Error {
  constructor(readonly path: string) {
    super(`Stored file not found: ${path}`);
    this.name = 'StorageNotFoundError';
  }
}

export class UnsafeStoragePathError extends Error {
  constructor(readonly path: string) {
    super('Unsafe storage path.');
    this.name = 'UnsafeStoragePathError';
  }
}

const SEGMENT = /^[A-Za-z0-9][A-Za-z0-9._-]{0,127}$/;

/** Disk-relative paths are slash-separated segments of safe characters; no `.`/`..`, no absolute paths. */
export function isSafeStoragePath(path: string): boolean {
  if (path.length === 0 || path.length > 512) return false;
  return path.split('/').every((segment) => SEGMENT.test(segment) && !segment.includes('..'));
}

export function validateStoragePath(path: string): string {
  if (!isSafeStoragePath(path)) throw new UnsafeStoragePathError(path);
  return path;
}
