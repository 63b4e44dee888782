import { randomUUID } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import {
  type ByteRange,
  type PutBody,
  type StorageDisk,
  type StorageDriver,
  StorageNotFoundError,
  UnsafeStoragePathError,
  validateStoragePath,
} from './storage';

export type LocalDriverOptions = {
  /** `${DATA_DIR}/storage/<disk>`. */
  root: string;
  disk: StorageDisk;
  /** Base URL under which the public disk is served (`${APP_URL}/storage`); null for private disks. */
  publicBaseUrl: string | null;
};

function isMissing(error: unknown): boolean {
  return (error as NodeJS.ErrnoException)?.code === 'ENOENT';
}

export function createLocalDriver(options: LocalDriverOptions): StorageDriver {
  const root = path.resolve(options.root);

  /** Second line of defence after the segment check: the resolved file must stay under the root. */
  function absolute(relative: string): string {
    validateStoragePath(relative);
    const resolved = path.resolve(root, relative);
    if (!resolved.startsWith(root + path.sep)) throw new UnsafeStoragePathError(relative);
    return resolved;
  }

  async function statFile(relative: string) {
    try {
      const info = await stat(absolute(relative));
      return info.isFile() ? info : null;
    } catch (error) {
      if (isMissing(error)) return null;
      throw error;
    }
  }

  return {
    driver: 'local',
    disk: options.disk,
    s3: null,

    async put(relative: string, body: PutBody, _options: { mime: string }) {
      const target = absolute(relative);
      await mkdir(path.dirname(target), { recursive: true });
      // Write beside the target and rename, so readers never see a half-written file.
      const temporary = `${target}.${randomUUID()}.part`;
      const source = Buffer.isBuffer(body) || body instanceof Uint8Array ? Readable.from([body]) : body;
      try {
        await pipeline(source, createWriteStream(temporary, { flags: 'wx' }));
        await rename(temporary, target);
      } catch (error) {
        await rm(temporary, { force: true });
        throw error;
      }
      const written = await stat(target);
      return { size: written.size };
    },

    async createReadStream(relative: string, range: ByteRange = {}) {
      const info = await statFile(relative);
      if (!info) throw new StorageNotFoundError(relative);
      return createReadStream(absolute(relative), { start: range.start, end: range.end });
    },

    async stat(relative: string) {
      const info = await statFile(relative);
      return info ? { size: info.size, mime: null, lastModified: info.mtime } : null;
    },

    async exists(relative: string) {
      return (await statFile(relative)) !== null;
    },

    async delete(relative: string) {
      await rm(absolute(relative), { force: true });
    },

    async presignGet() {
      return null;
    },

    localFile: absolute,

    publicUrl(relative: string) {
      if (!options.publicBaseUrl) return null;
      validateStoragePath(relative);
      return `${options.publicBaseUrl}/${relative}`;
    },
  };
}

/** The absolute file of a local disk path, for `sendfile`-style delivery and the tus file store. */
export function localDiskRoot(dataDir: string, disk: StorageDisk): string {
  return path.resolve(dataDir, 'storage', disk);
}
