/**
 * Group commit: the writes asked for in one turn of the event loop (and those asked for while a
 * batch is being written) go to the database as one batch, the way PostgreSQL's own group commit
 * shares a WAL flush. `write` stores a batch and answers one result per item, in order. When a
 * batch fails, each of its items is written alone, so one bad item fails only its own caller.
 */
export function createGroupCommit<T, R>(write: (items: readonly T[]) => Promise<readonly R[]>) {
  type Entry = { item: T; resolve: (result: R) => void; reject: (error: unknown) => void };
  const queued: Entry[] = [];
  let isFlushing = false;

  async function writeAlone(entry: Entry) {
    try {
      entry.resolve((await write([entry.item]))[0] as R);
    } catch (error) {
      entry.reject(error);
    }
  }

  async function flush() {
    if (isFlushing) return;
    isFlushing = true;
    try {
      while (queued.length > 0) {
        const batch = queued.splice(0);
        let results: readonly R[];
        try {
          results = await write(batch.map((entry) => entry.item));
        } catch (error) {
          if (batch.length === 1) (batch[0] as Entry).reject(error);
          else for (const entry of batch) await writeAlone(entry);
          continue;
        }
        for (const [index, entry] of batch.entries()) entry.resolve(results[index] as R);
      }
    } finally {
      isFlushing = false;
    }
  }

  return function add(item: T): Promise<R> {
    return new Promise((resolve, reject) => {
      queued.push({ item, resolve, reject });
      if (queued.length === 1 && !isFlushing) setImmediate(() => void flush());
    });
  };
}
