/** At most this many ids go in one request (the api's limit). */
export const MAX_IDS_PER_REQUEST = 200;

type TFetchIds = (type: string, ids: number[]) => Promise<number[]>;
interface TPending {
  ids: Set<number>;
  waiters: { id: number; resolve: (value: boolean) => void; reject: (error: unknown) => void }[];
}

/**
 * Coalesces the "is this on?" questions asked during one tick (every like button of a page)
 * into one request per type, split in chunks the api accepts.
 */
export function createStateBatcher(fetchIds: TFetchIds) {
  const pending = new Map<string, TPending>();

  async function flush(type: string, batch: TPending) {
    const ids = [...batch.ids];
    try {
      const chunks: number[][] = [];
      for (let i = 0; i < ids.length; i += MAX_IDS_PER_REQUEST)
        chunks.push(ids.slice(i, i + MAX_IDS_PER_REQUEST));
      const answers = await Promise.all(chunks.map((chunk) => fetchIds(type, chunk)));
      const on = new Set(answers.flat());
      for (const waiter of batch.waiters) waiter.resolve(on.has(waiter.id));
    } catch (error) {
      for (const waiter of batch.waiters) waiter.reject(error);
    }
  }

  return function load(type: string, id: number): Promise<boolean> {
    return new Promise((resolve, reject) => {
      let batch = pending.get(type);
      if (!batch) {
        const created: TPending = { ids: new Set(), waiters: [] };
        pending.set(type, created);
        batch = created;
        setTimeout(() => {
          pending.delete(type);
          void flush(type, created);
        }, 0);
      }
      batch.ids.add(id);
      batch.waiters.push({ id, resolve, reject });
    });
  };
}
