import { randomBytes } from 'node:crypto';
import { mkdir, readdir, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { loadOnce } from '../../platform/load-once';

type Entry = { size: number; usedAt: number };

export type TranscodeCache = {
  /** The completed file of a key, marked as just used; null when there is none. */
  lookup(key: string, extension: string): Promise<string | null>;
  /** A fresh temp file for a transcode in the making (never read by anyone else). */
  temporary(key: string, extension: string): Promise<string>;
  /** Moves a finished temp file into place (atomic rename) and evicts over the size cap. */
  commit(key: string, extension: string, temporary: string): Promise<void>;
  /** Removes a temp file that will not be completed (client gone, ffmpeg failed). */
  discard(temporary: string): Promise<void>;
  /** Bytes held now (completed files only). */
  size(): Promise<number>;
};

const PART = '.part';

/**
 * Completed transcodes on disk, one file per source and profile, capped in bytes: the least
 * recently used go first. Files are written under a temp name and renamed when complete, so a
 * reader only ever sees whole files; the index is rebuilt from the folder on first use (file
 * mtimes as last use) and leftover temp files of an earlier process are removed then.
 */
export function createTranscodeCache(dir: string, capBytes: () => Promise<number>): TranscodeCache {
  const entries = new Map<string, Entry>();

  const fileOf = (key: string, extension: string) => path.join(dir, `${key}.${extension}`);

  async function load() {
    await mkdir(dir, { recursive: true });
    for (const name of await readdir(dir)) {
      const file = path.join(dir, name);
      if (name.endsWith(PART)) {
        await rm(file, { force: true });
        continue;
      }
      const info = await stat(file).catch(() => null);
      if (info?.isFile()) entries.set(name, { size: info.size, usedAt: info.mtimeMs });
    }
  }
  const ready = loadOnce(load);

  async function evict() {
    const cap = await capBytes();
    let total = [...entries.values()].reduce((sum, entry) => sum + entry.size, 0);
    const oldestFirst = [...entries.entries()].sort((a, b) => a[1].usedAt - b[1].usedAt);
    for (const [name, entry] of oldestFirst) {
      if (total <= cap) break;
      entries.delete(name);
      total -= entry.size;
      // A reader holding the file open keeps its bytes until it is done (POSIX unlink).
      await rm(path.join(dir, name), { force: true });
    }
  }

  return {
    async lookup(key, extension) {
      await ready();
      const name = `${key}.${extension}`;
      const entry = entries.get(name);
      if (!entry) return null;
      entry.usedAt = Date.now();
      // Moved to the end of the map's order as well: the index stays cheap to sort.
      entries.delete(name);
      entries.set(name, entry);
      return fileOf(key, extension);
    },
    async temporary(key, extension) {
      await ready();
      return path.join(dir, `${key}.${extension}.${randomBytes(6).toString('hex')}${PART}`);
    },
    async commit(key, extension, temporary) {
      await ready();
      const target = fileOf(key, extension);
      const info = await stat(temporary);
      await rename(temporary, target);
      entries.set(`${key}.${extension}`, { size: info.size, usedAt: Date.now() });
      await evict();
    },
    async discard(temporary) {
      await rm(temporary, { force: true });
    },
    async size() {
      await ready();
      return [...entries.values()].reduce((sum, entry) => sum + entry.size, 0);
    },
  };
}
