import path from 'node:path';
import type { StorageDriver } from '../../platform/storage/storage';
import { SNIFF_BYTES, sniffType } from '../uploads/sniff-type';

/** Types the public disk is expected to hold; anything else is typed by its bytes. */
const MIME_BY_EXTENSION: Record<string, string> = {
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.png': 'image/png',
  '.gif': 'image/gif',
  '.webp': 'image/webp',
  '.avif': 'image/avif',
  '.mp3': 'audio/mpeg',
  '.wav': 'audio/wav',
  '.flac': 'audio/flac',
  '.ogg': 'audio/ogg',
  '.opus': 'audio/ogg',
  '.m4a': 'audio/mp4',
  '.txt': 'text/plain; charset=utf-8',
  '.lrc': 'text/plain; charset=utf-8',
  '.vtt': 'text/vtt; charset=utf-8',
};

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const CONTENT_HASH = /^[0-9a-f]{32,}$/i;

/**
 * Server-generated names (a uuid per upload, a content hash per imported cover) never change
 * their bytes, so browsers may keep them for a year; any other name revalidates with its ETag.
 */
export function isImmutableName(storagePath: string): boolean {
  const base = path.posix.basename(storagePath).split('.')[0] ?? '';
  return UUID.test(base) || CONTENT_HASH.test(base);
}

/** The content type of a stored public file: by its extension when known, else by its leading bytes. */
export async function publicFileType(driver: StorageDriver, storagePath: string): Promise<string> {
  const byName = MIME_BY_EXTENSION[path.posix.extname(storagePath).toLowerCase()];
  if (byName) return byName;
  const chunks: Buffer[] = [];
  for await (const chunk of await driver.createReadStream(storagePath, { start: 0, end: SNIFF_BYTES - 1 })) {
    chunks.push(chunk as Buffer);
  }
  const sniffed = await sniffType(Buffer.concat(chunks), null);
  return sniffed.mime === 'text/plain' ? 'text/plain; charset=utf-8' : sniffed.mime;
}
