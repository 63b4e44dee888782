import { stat } from 'node:fs/promises';
import path from 'node:path';
import type { Kysely } from 'kysely';
import type { Database } from '../../platform/db/schema';
import type { Storage } from '../../platform/storage/get-storage';
import type { StorageDriver } from '../../platform/storage/storage';
import { fileEntriesRepository } from '../file-entries/file-entries.repository';
import { resolveStoragePath } from './storage-path';

export type AudioSource =
  | { kind: 'file'; path: string; size: number; mtime: Date; mime: string }
  | {
      kind: 'stored';
      driver: StorageDriver;
      path: string;
      size: number;
      lastModified: Date;
      mime: string;
      /** The uploaded file's own extension (`mp3`): stored names are bare uuids. */
      extension: string;
    }
  | { kind: 'redirect'; url: string };

/** How long a presigned audio URL lives: a long track, paused a while, still resumes. */
export const PRESIGNED_AUDIO_TTL_SECONDS = 6 * 60 * 60;

const MIME_BY_EXTENSION: Record<string, string> = {
  '.mp3': 'audio/mpeg',
  '.wav': 'audio/wav',
  '.flac': 'audio/flac',
  '.ogg': 'audio/ogg',
  '.opus': 'audio/ogg',
  '.m4a': 'audio/mp4',
  '.aac': 'audio/aac',
  '.webm': 'audio/webm',
};

export function audioMime(file: string, stored: string | null): string {
  return stored ?? MIME_BY_EXTENSION[path.extname(file).toLowerCase()] ?? 'application/octet-stream';
}

/**
 * Where a track's bytes are: an external URL redirects; a storage path (imports, the demo) is a
 * local file; an uploaded track's file entry is read through its disk's driver, or redirected
 * to a presigned URL when the driver has one (S3), so the bytes never pass through the api.
 */
export async function resolveAudioSource(
  deps: { dataDir: string; db: Kysely<Database>; storage: Storage },
  track: { src: string | null; mime: string | null; file_entry_id: number | string | null },
  /** For a download: the file name (without extension) a presigned URL makes the browser save. */
  downloadBaseName?: string,
): Promise<AudioSource | null> {
  if (track.src) return resolveSrc(deps.dataDir, track.src, track.mime);
  if (track.file_entry_id === null) return null;
  const entry = await fileEntriesRepository.findById(deps.db, Number(track.file_entry_id));
  if (!entry || entry.deleted_at) return null;
  const driver = deps.storage.get(entry.disk);
  const downloadName = downloadBaseName ? `${downloadBaseName}.${entry.extension}` : undefined;
  const signed = await driver.presignGet(entry.path, PRESIGNED_AUDIO_TTL_SECONDS, { downloadName });
  if (signed) return { kind: 'redirect', url: signed };
  const info = await driver.stat(entry.path);
  if (!info) return null;
  return {
    kind: 'stored',
    driver,
    path: entry.path,
    size: info.size,
    lastModified: info.lastModified,
    mime: track.mime ?? entry.mime,
    extension: entry.extension,
  };
}

async function resolveSrc(dataDir: string, src: string, mime: string | null): Promise<AudioSource | null> {
  if (/^https?:\/\//i.test(src)) return { kind: 'redirect', url: src };
  const file = resolveStoragePath(dataDir, src);
  try {
    const info = await stat(file);
    if (!info.isFile()) return null;
    return { kind: 'file', path: file, size: info.size, mtime: info.mtime, mime: audioMime(file, mime) };
  } catch {
    return null;
  }
}
