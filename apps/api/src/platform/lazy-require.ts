import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);

/**
 * A CommonJS library loaded on its first use rather than at start, yet called synchronously:
 * `require` of a CJS package needs no `await`, so callers keep their sync signatures. For
 * libraries a start does not need and that weigh several MiB (the idle-rss benchmark).
 */
export function lazyRequire<T>(id: string): () => T {
  let loaded: T | undefined;
  return () => {
    loaded ??= require(id) as T;
    return loaded;
  };
}
