import Module, { createRequire } from 'node:module';
import type fastifyCompress from '@fastify/compress';

const require = createRequire(import.meta.url);

type TCompressPlugin = typeof fastifyCompress;

/**
 * `@fastify/compress` with two of its dependencies not loaded at start, which every start paid for
 * (~70 ms inclusive of a busy start profile, most of it these two):
 * - `readable-stream`, a copy of Node's own streams (v4 is Node 18's code), used for
 *   `Readable.from` and `Transform`: it gets `node:stream`, the original it copies;
 * - `mime-db`, a 200 KB JSON table, read only for a content type its pattern does not already
 *   name (JSON and text never reach it): it loads on that first lookup.
 * They are put in the module cache where the plugin's own `require` finds them, only while the
 * plugin loads (a `require` is synchronous), then taken out again: nothing else sees them.
 */
export function loadCompress(): TCompressPlugin {
  const compressPath = require.resolve('@fastify/compress');
  const compressRequire = createRequire(compressPath);
  const seeded: string[] = [];
  const seed = (id: string, exports: unknown) => {
    const file = compressRequire.resolve(id);
    if (require.cache[file]) return;
    const entry = new Module(file);
    entry.filename = file;
    entry.exports = exports;
    entry.loaded = true;
    require.cache[file] = entry;
    seeded.push(file);
  };
  seed('readable-stream', require('node:stream'));
  seed(
    'mime-db',
    onFirstRead(() => compressRequire('mime-db') as Record<string, unknown>),
  );
  try {
    const loaded = require('@fastify/compress') as TCompressPlugin & { default?: TCompressPlugin };
    return loaded.default ?? loaded;
  } finally {
    for (const file of seeded) delete require.cache[file];
  }
}

/** An object read like the one `load` returns, which it calls on the first read. */
function onFirstRead(load: () => Record<string, unknown>): Record<string, unknown> {
  let loaded: Record<string, unknown> | undefined;
  const real = () => {
    loaded ??= load();
    return loaded;
  };
  return new Proxy({} as Record<string, unknown>, {
    get: (_target, key) => Reflect.get(real(), key),
    has: (_target, key) => Reflect.has(real(), key),
    ownKeys: () => Reflect.ownKeys(real()),
    getOwnPropertyDescriptor: (_target, key) => Reflect.getOwnPropertyDescriptor(real(), key),
  });
}
