/** A process-local map with a size budget: the least recently read entries go first. */
export type BoundedMemo<V> = {
  /** The entry, now the most recently read. */
  get(key: string): V | undefined;
  /** Whether there is an entry, without counting as a read. */
  has(key: string): boolean;
  set(key: string, value: V): void;
  delete(key: string): void;
};

/**
 * `sizeOf` says what an entry costs against `budget` (characters, bytes). A Map keeps insertion
 * order, so re-inserting on read makes its first key the least recently read one.
 */
export function createBoundedMemo<V>(options: {
  budget: number;
  sizeOf: (value: V) => number;
}): BoundedMemo<V> {
  const { budget, sizeOf } = options;
  const entries = new Map<string, V>();
  let used = 0;

  function remove(key: string) {
    const entry = entries.get(key);
    if (entry === undefined) return;
    entries.delete(key);
    used -= sizeOf(entry);
  }

  function set(key: string, value: V) {
    remove(key);
    entries.set(key, value);
    used += sizeOf(value);
    for (const oldest of entries.keys()) {
      if (used <= budget) break;
      remove(oldest);
    }
  }

  return {
    get(key) {
      const entry = entries.get(key);
      if (entry === undefined) return undefined;
      entries.delete(key);
      entries.set(key, entry);
      return entry;
    },
    has: (key) => entries.has(key),
    set,
    delete: remove,
  };
}
