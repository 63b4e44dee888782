import type { Stats } from 'node:fs';
import { type FileHandle, open, stat } from 'node:fs/promises';

/** What a file answer needs to know about the bytes it sends. */
export type OpenFile = {
  handle: FileHandle;
  size: number;
  mtime: Date;
  /** Every `acquire` is matched by one `release`; the handle closes once idle and replaced or evicted. */
  release: () => void;
  /** A read through the handle failed: the next request opens the file afresh. */
  discard: () => void;
};

type Entry = {
  path: string;
  handle: FileHandle;
  info: Stats;
  /** When the path was last stat'ed: within `revalidateMs` the entry is trusted as is. */
  checkedAt: number;
  users: number;
  retired: boolean;
  idleTimer: NodeJS.Timeout | null;
};

export type OpenFilesOptions = {
  /** How long a stat of the path is trusted: a file replaced in place is seen after at most this. */
  revalidateMs?: number;
  /** How long an unused handle stays open for the next range request of the same file. */
  idleMs?: number;
  /** Upper bound of handles kept open while idle (descriptors are a process-wide budget). */
  maxIdle?: number;
};

const sameFile = (a: Stats, b: Stats) => a.ino === b.ino && a.size === b.size && a.mtimeMs === b.mtimeMs;

/**
 * Open file handles shared by the range requests of one file. A player asks for a track in many
 * ranges, and several listeners play the same track: without this, each request paid a stat,
 * an open and a close on top of its read. A path is re-stat'ed at most every `revalidateMs`; a
 * replaced file (new inode, size or mtime) gets a new handle, and the old one closes when its
 * last reader releases it.
 */
export function createOpenFiles(options: OpenFilesOptions = {}) {
  const revalidateMs = options.revalidateMs ?? 1000;
  const idleMs = options.idleMs ?? 10_000;
  const maxIdle = options.maxIdle ?? 128;
  const entries = new Map<string, Entry>();
  const opening = new Map<string, Promise<Entry | null>>();

  function close(entry: Entry) {
    if (entry.idleTimer) clearTimeout(entry.idleTimer);
    entry.idleTimer = null;
    entry.handle.close().catch(() => {});
  }

  function retire(entry: Entry) {
    entry.retired = true;
    if (entries.get(entry.path) === entry) entries.delete(entry.path);
    if (entry.users === 0) close(entry);
  }

  function idleCount() {
    let idle = 0;
    for (const entry of entries.values()) if (entry.users === 0) idle++;
    return idle;
  }

  function release(entry: Entry) {
    entry.users--;
    if (entry.users > 0) return;
    if (entry.retired) return close(entry);
    // Map order is insertion order: the oldest idle entries go first when over budget.
    if (idleCount() > maxIdle) {
      for (const other of entries.values()) {
        if (other.users === 0 && other !== entry) {
          retire(other);
          break;
        }
      }
    }
    entry.idleTimer = setTimeout(() => retire(entry), idleMs);
    entry.idleTimer.unref();
  }

  function lease(entry: Entry): OpenFile {
    if (entry.idleTimer) clearTimeout(entry.idleTimer);
    entry.idleTimer = null;
    entry.users++;
    let released = false;
    return {
      handle: entry.handle,
      size: entry.info.size,
      mtime: entry.info.mtime,
      release: () => {
        if (released) return;
        released = true;
        release(entry);
      },
      discard: () => retire(entry),
    };
  }

  async function openEntry(path: string, known: Stats | null): Promise<Entry | null> {
    let handle: FileHandle;
    try {
      handle = await open(path, 'r');
    } catch (error) {
      if (isGone(error)) return null;
      throw error;
    }
    try {
      const info = known ?? (await handle.stat());
      if (!info.isFile()) {
        await handle.close();
        return null;
      }
      const entry: Entry = {
        path,
        handle,
        info,
        checkedAt: Date.now(),
        users: 0,
        retired: false,
        idleTimer: null,
      };
      const previous = entries.get(path);
      if (previous) retire(previous);
      entries.set(path, entry);
      return entry;
    } catch (error) {
      await handle.close().catch(() => {});
      throw error;
    }
  }

  async function fresh(path: string, entry: Entry | undefined): Promise<Entry | null> {
    if (entry) {
      const info = await stat(path).catch((error) => (isGone(error) ? null : Promise.reject(error)));
      if (!info?.isFile()) {
        retire(entry);
        return null;
      }
      // Retired while stat'ing (its idle timer fired, or it was evicted): its handle is closing.
      if (sameFile(info, entry.info) && !entry.retired) {
        entry.checkedAt = Date.now();
        return entry;
      }
      return openEntry(path, null);
    }
    return openEntry(path, null);
  }

  /** An open handle of the file with its size and mtime, or null when it is missing or not a file. */
  async function acquire(path: string): Promise<OpenFile | null> {
    const entry = entries.get(path);
    if (entry && !entry.retired && Date.now() - entry.checkedAt < revalidateMs) return lease(entry);
    // Concurrent requests for the same stale or missing entry share one stat/open.
    let pending = opening.get(path);
    if (!pending) {
      pending = fresh(path, entry).finally(() => opening.delete(path));
      opening.set(path, pending);
    }
    const opened = await pending;
    if (!opened) return null;
    // A lease on a retired entry would read through a closed handle: open the file again.
    return opened.retired ? acquire(path) : lease(opened);
  }

  return {
    acquire,

    /** Forget a path now (its file was deleted or replaced by the api itself). */
    forget(path: string) {
      const entry = entries.get(path);
      if (entry) retire(entry);
    },

    /** Close every idle handle and stop tracking the rest (on shutdown). */
    closeAll() {
      for (const entry of [...entries.values()]) retire(entry);
    },

    /** How many paths have a handle (for tests and metrics). */
    get size() {
      return entries.size;
    },
  };
}

export type OpenFiles = ReturnType<typeof createOpenFiles>;

function isGone(error: unknown): boolean {
  const code = (error as NodeJS.ErrnoException)?.code;
  return code === 'ENOENT' || code === 'ENOTDIR' || code === 'EISDIR';
}
