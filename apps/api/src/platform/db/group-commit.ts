export type GroupCommitOptions = {
  /**
   * Batches written at once (default 1). On PostgreSQL a commit mostly waits for its WAL flush,
   * and the server shares one flush among the commits that wait together: a second batch in
   * flight doubles what a latency-bound writer stores. PGlite runs one statement at a time, where
   * a second batch would only split the first into smaller statements: keep 1 there.
   */
  writersAtOnce?: number;
};

/** Batches in flight for the database in use: see `writersAtOnce` (PGlite has no DATABASE_URL). */
export const groupCommitWriters = (databaseUrl: string | undefined) => (databaseUrl ? 3 : 1);

/**
 * Group commit: the writes asked for in one turn of the event loop (and those asked for while a
 * batch is being written) go to the database as one batch, the way PostgreSQL's own group commit
 * shares a WAL flush. `write` stores a batch and answers one result per item, in order. When a
 * batch fails, each of its items is written alone, so one bad item fails only its own caller.
 */
export function createGroupCommit<T, R>(
  write: (items: readonly T[]) => Promise<readonly R[]>,
  options: GroupCommitOptions = {},
) {
  type Entry = { item: T; resolve: (result: R) => void; reject: (error: unknown) => void };
  const writersAtOnce = Math.max(1, options.writersAtOnce ?? 1);
  const queued: Entry[] = [];
  let writers = 0;
  let isScheduled = false;

  async function writeAlone(entry: Entry) {
    try {
      entry.resolve((await write([entry.item]))[0] as R);
    } catch (error) {
      entry.reject(error);
    }
  }

  async function writeBatch(batch: Entry[]) {
    let results: readonly R[];
    try {
      results = await write(batch.map((entry) => entry.item));
    } catch (error) {
      if (batch.length === 1) (batch[0] as Entry).reject(error);
      else for (const entry of batch) await writeAlone(entry);
      return;
    }
    for (const [index, entry] of batch.entries()) entry.resolve(results[index] as R);
  }

  /** One writer: takes what is queued, writes it, and goes on while more was queued meanwhile. */
  async function drain() {
    writers += 1;
    try {
      while (queued.length > 0) await writeBatch(queued.splice(0));
    } finally {
      writers -= 1;
    }
  }

  function schedule() {
    if (isScheduled || writers >= writersAtOnce) return;
    isScheduled = true;
    // A turn later: the writes asked for in this turn join the batch.
    setImmediate(() => {
      isScheduled = false;
      if (queued.length > 0 && writers < writersAtOnce) void drain();
    });
  }

  return function add(item: T): Promise<R> {
    return new Promise((resolve, reject) => {
      queued.push({ item, resolve, reject });
      schedule();
    });
  };
}
