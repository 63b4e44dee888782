import { spawnSync } from 'node:child_process';
import { Readable } from 'node:stream';
import { fileURLToPath } from 'node:url';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { loadCompress } from './compress';

const MODULE = fileURLToPath(new URL('./compress.ts', import.meta.url));
const BIG = 'cadence '.repeat(1000);

async function compressedApp() {
  const app = Fastify();
  await app.register(loadCompress(), { global: true, threshold: 1024, encodings: ['br', 'gzip', 'deflate'] });
  app.get('/json', async () => ({ text: BIG }));
  app.get('/stream', (_request, reply) => reply.type('text/plain').send(Readable.from([BIG, BIG])));
  app.get('/script', (_request, reply) => reply.type('application/javascript').send(BIG));
  app.get('/image', (_request, reply) => reply.type('image/png').send(Buffer.from(BIG)));
  return app;
}

describe('loadCompress', () => {
  it('compresses buffers and streams as the plugin does', async () => {
    const app = await compressedApp();
    const json = await app.inject({ url: '/json', headers: { 'accept-encoding': 'br' } });
    expect(json.headers['content-encoding']).toBe('br');
    expect(JSON.parse(brotliDecompressSync(json.rawPayload).toString()).text).toBe(BIG);
    const stream = await app.inject({ url: '/stream', headers: { 'accept-encoding': 'gzip' } });
    expect(stream.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(stream.rawPayload).toString()).toBe(BIG + BIG);
    await app.close();
  });

  it('reads the types its pattern does not name from mime-db', async () => {
    const app = await compressedApp();
    const script = await app.inject({ url: '/script', headers: { 'accept-encoding': 'br' } });
    expect(script.headers['content-encoding']).toBe('br');
    const image = await app.inject({ url: '/image', headers: { 'accept-encoding': 'br' } });
    expect(image.headers['content-encoding']).toBeUndefined();
    expect(image.rawPayload.toString()).toBe(BIG);
    await app.close();
  });

  it('loads neither readable-stream nor mime-db with the plugin, and leaves no trace in the cache', () => {
    const script = `
      const { createRequire } = await import('node:module');
      const { loadCompress } = await import(${JSON.stringify(MODULE)});
      const require = createRequire(${JSON.stringify(MODULE)});
      const own = createRequire(require.resolve('@fastify/compress'));
      const plugin = loadCompress();
      const cached = (id) => Object.keys(require.cache).some((file) => file.includes('/node_modules/' + id + '/'));
      console.log(JSON.stringify({
        plugin: typeof plugin,
        readableStream: cached('readable-stream'),
        mimeDb: cached('mime-db'),
        seededLeft: [own.resolve('readable-stream'), own.resolve('mime-db')].some((f) => require.cache[f]),
      }));`;
    const run = spawnSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], {
      encoding: 'utf8',
    });
    if (run.status !== 0) throw new Error(run.stderr);
    expect(JSON.parse(run.stdout.trim().split('\n').at(-1) ?? 'null')).toEqual({
      plugin: 'function',
      readableStream: false,
      mimeDb: false,
      seededLeft: false,
    });
  });
});
