import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { readdir } from 'node:fs/promises';
import path from 'node:path';
import type { TImportSummary } from '@cadence/contracts/import';
import type { Kysely } from 'kysely';
import type { Database } from '../../platform/db/schema';
import type { StorageDriver } from '../../platform/storage/storage';
import { catalogueChanged } from '../catalogue/catalogue-invalidation';
import { isImportable } from './import-plan';
import { prepareFiles, type TPreparedFile } from './prepare-files';
import { writeBatch } from './write-batch';

export type ImportProgress = { index: number; total: number; file: string; outcome: string; reason?: string };

export type ImportDeps = {
  db: Kysely<Database>;
  /** Audio goes to the private uploads disk, covers to the public disk. */
  audioDisk: StorageDriver;
  imageDisk: StorageDriver;
  /** Prefix that makes an audio disk path a `tracks.src` path relative to `${DATA_DIR}/storage`. */
  audioSrcPrefix: string;
};

/** Files read before one write: the statements of a batch cost about the same for 1 or 100 files. */
const BATCH_SIZE = 100;
const COVER_EXTENSIONS: Record<string, string> = {
  'image/jpeg': 'jpg',
  'image/png': 'png',
  'image/webp': 'webp',
};

type TCounters = { artists: number; albums: number };

/** Every importable file below the folder; symlinks are not followed, so nothing outside is read. */
export async function listAudioFiles(root: string): Promise<string[]> {
  const found: string[] = [];
  const walk = async (dir: string) => {
    const entries = await readdir(dir, { withFileTypes: true });
    for (const entry of entries.sort((a, b) => a.name.localeCompare(b.name))) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) await walk(full);
      else if (entry.isFile() && isImportable(entry.name)) found.push(full);
    }
  };
  await walk(root);
  return found;
}

export function createImportService(deps: ImportDeps) {
  const { db } = deps;

  async function storeAudio(file: string, sha: string, mime: string): Promise<string> {
    const extension = path.extname(file).slice(1).toLowerCase();
    const storagePath = `imports/${sha.slice(0, 2)}/${sha}.${extension}`;
    if (!(await deps.audioDisk.exists(storagePath)))
      await deps.audioDisk.put(storagePath, createReadStream(file), { mime });
    return `${deps.audioSrcPrefix}${storagePath}`;
  }

  async function storeCover(data: Uint8Array | null, mime: string | undefined): Promise<string | null> {
    const extension = mime ? COVER_EXTENSIONS[mime.toLowerCase()] : undefined;
    if (!data || !extension) return null;
    const coverSha = createHash('sha256').update(data).digest('hex');
    const storagePath = `imports/covers/${coverSha}.${extension}`;
    if (!(await deps.imageDisk.exists(storagePath)))
      await deps.imageDisk.put(storagePath, Buffer.from(data), { mime: mime as string });
    return deps.imageDisk.publicUrl(storagePath) ?? storagePath;
  }

  const prepareDeps = { db, storeAudio, storeCover };

  /**
   * One batch in one transaction. When it fails, each of its files goes again on its own, so a
   * file the database refuses fails alone and the others still land.
   */
  async function importBatch(files: string[], counters: TCounters): Promise<TPreparedFile[]> {
    const prepared = await prepareFiles(prepareDeps, files);
    if (!prepared.some((item) => item.ledger)) return prepared;
    try {
      const created = await db.transaction().execute((trx) => writeBatch(trx, prepared));
      counters.artists += created.artistsCreated;
      counters.albums += created.albumsCreated;
      await catalogueChanged(db, created.change);
      return prepared;
    } catch (error) {
      if (files.length > 1) {
        const results: TPreparedFile[] = [];
        for (const file of files) results.push(...(await importBatch([file], counters)));
        return results;
      }
      const reason = error instanceof Error ? error.message : String(error);
      return prepared.map((item) => ({ file: item.file, outcome: 'failed', reason }));
    }
  }

  return {
    /** Scans, imports in batches, reports progress file by file, never stops at a bad file. */
    async importFolder(
      folder: string,
      onProgress: (progress: ImportProgress) => void = () => {},
    ): Promise<TImportSummary> {
      const started = performance.now();
      const root = path.resolve(folder);
      const files = await listAudioFiles(root);
      const summary: TImportSummary = {
        scanned: files.length,
        created: 0,
        updated: 0,
        unchanged: 0,
        failed: [],
        artistsCreated: 0,
        albumsCreated: 0,
        durationMs: 0,
      };
      const counters = { artists: 0, albums: 0 };
      for (let start = 0; start < files.length; start += BATCH_SIZE) {
        const results = await importBatch(files.slice(start, start + BATCH_SIZE), counters);
        for (const [offset, { file, outcome, reason }] of results.entries()) {
          const relative = path.relative(root, file);
          if (outcome === 'failed')
            summary.failed.push({ file: relative, reason: reason ?? 'Unknown error.' });
          else summary[outcome] += 1;
          const progress = { index: start + offset + 1, total: files.length, file: relative, outcome };
          onProgress(reason === undefined ? progress : { ...progress, reason });
        }
      }
      summary.artistsCreated = counters.artists;
      summary.albumsCreated = counters.albums;
      summary.durationMs = Math.round(performance.now() - started);
      return summary;
    },
  };
}
