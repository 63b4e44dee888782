/**
 * Runs `run` on every item (with its index), at most `limit` at once, each worker taking the next
 * item when its last one is done; resolves when all are. `run` must handle its own errors: one
 * that throws rejects the whole call while the other workers go on.
 */
export async function eachAtMost<T>(
  items: readonly T[],
  limit: number,
  run: (item: T, index: number) => Promise<void>,
): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const index = next;
      next += 1;
      await run(items[index] as T, index);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
}
