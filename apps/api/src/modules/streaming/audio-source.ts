import { stat } from 'node:fs/promises';
import path from 'node:path';
import { resolveStoragePath } from './storage-path';

export type AudioSource =
  | { kind: 'file'; path: string; size: number; mtime: Date; mime: string }
  | { kind: 'redirect'; url: string };

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
 * Where a track's bytes are. The one seam for storage drivers: an external URL redirects; a
 * storage path is a local file. When a track's file entry lives on S3, this is where the
 * presigned URL is minted (`{kind: 'redirect'}`); tracks that only name a `file_entry_id`
 * resolve once the uploads module exposes its storage lookup.
 */
export async function resolveAudioSource(
  dataDir: string,
  track: { src: string | null; mime: string | null },
): Promise<AudioSource | null> {
  if (!track.src) return null;
  if (/^https?:\/\//i.test(track.src)) return { kind: 'redirect', url: track.src };
  const file = resolveStoragePath(dataDir, track.src);
  try {
    const info = await stat(file);
    if (!info.isFile()) return null;
    return {
      kind: 'file',
      path: file,
      size: info.size,
      mtime: info.mtime,
      mime: audioMime(file, track.mime),
    };
  } catch {
    return null;
  }
}
