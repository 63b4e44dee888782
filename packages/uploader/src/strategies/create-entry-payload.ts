import type { TUploadOptions } from '../upload-types';
import type { UploadedFile } from '../uploaded-file';

type TScalar = string | number | boolean | null;

/**
 * The `metadata` object every endpoint takes: the caller's extras plus the disk and the
 * folder path, which the api reads from metadata rather than from top-level fields.
 */
export function uploadMetadata(file: UploadedFile, options: TUploadOptions): Record<string, TScalar> {
  const merged: Record<string, TScalar | undefined> = {
    ...options.metadata,
    disk: options.disk,
    relativePath: file.relativePath || undefined,
  };
  return Object.fromEntries(
    Object.entries(merged).filter((entry): entry is [string, TScalar] => entry[1] !== undefined),
  );
}

/** Body of `s3/entries` once the bytes sit under `key` in the bucket (spec 7). */
export function s3EntryPayload(file: UploadedFile, key: string, options: TUploadOptions) {
  return {
    metadata: uploadMetadata(file, options),
    clientMime: file.mime,
    clientName: file.name,
    filename: key.split('/').pop() ?? key,
    size: file.size,
    clientExtension: file.extension,
  };
}
