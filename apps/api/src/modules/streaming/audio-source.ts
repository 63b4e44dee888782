import path from 'node:path';
import type { Kysely } from 'kysely';
import type { Database } from '../../platform/db/schema';
import type { Storage } from '../../platform/storage/get-storage';
import type { StorageDriver } from '../../platform/storage/storage';
import * as fileEntriesRepository from '../file-entries/file-entries.repository';
import { resolveStoragePath } from './storage-path';

export type AudioSource =
  /** A local file: its size and mtime come from the open handle that sends it (one stat, shared). */
  | {
      kind: 'file';
      path: string;
      mime: string;
      /** The file's own extension (`mp3`), for a download's name: stored names are bare uuids. */
      extension: string;
      /** Set for uploaded files (other people's bytes). */
      isNoSniff?: boolean;
    }
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
 * local file; an uploaded track's file entry is a local file on a local disk, is redirected to
 * a presigned URL when the driver has one (S3), so the bytes never pass through the api, or is
 * read through its driver otherwise.
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
  if (driver.localFile) {
    return {
      kind: 'file',
      path: driver.localFile(entry.path),
      mime: track.mime ?? entry.mime,
      extension: entry.extension,
      isNoSniff: true,
    };
  }
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

function resolveSrc(dataDir: string, src: string, mime: string | null): AudioSource {
  if (/^https?:\/\//i.test(src)) return { kind: 'redirect', url: src };
  const file = resolveStoragePath(dataDir, src);
  return { kind: 'file', path: file, mime: audioMime(file, mime), extension: path.extname(file).slice(1) };
}
