import { describe, expect, it } from 'vitest';
import { createMemoryCache } from '../../platform/redis/memory-services';
import { createCatalogueCache } from './catalogue-cache';

const album = { kind: 'album', id: 1 } as const;

/** Two replicas sharing one cache, as two api processes share Redis. */
function replicas(now = () => 0) {
  const shared = createMemoryCache(now);
  let source = 'v1';
  let loads = 0;
  const load = async () => {
    loads += 1;
    return JSON.stringify({ name: source });
  };
  const make = () => createCatalogueCache({ cache: shared, isShared: true, ttlSeconds: 60 });
  return {
    a: make(),
    b: make(),
    load,
    change: (value: string) => {
      source = value;
    },
    loads: () => loads,
  };
}

describe('createCatalogueCache', () => {
  it('loads a page once, then answers from memory; another replica reuses the shared body', async () => {
    const r = replicas();
    expect(await r.a.read(album, 'q', r.load)).toBe('{"name":"v1"}');
    expect(await r.a.read(album, 'q', r.load)).toBe('{"name":"v1"}');
    expect(await r.b.read(album, 'q', r.load)).toBe('{"name":"v1"}');
    expect(r.loads()).toBe(1);
  });

  it('a drop on one replica reloads the page on every replica', async () => {
    const r = replicas();
    await r.a.read(album, 'q', r.load);
    await r.b.read(album, 'q', r.load);
    r.change('v2');
    await r.b.drop([album]);
    expect(await r.a.read(album, 'q', r.load)).toBe('{"name":"v2"}');
    expect(await r.b.read(album, 'q', r.load)).toBe('{"name":"v2"}');
    expect(r.loads()).toBe(2);
  });

  it('keeps variants apart and drops them all with their page', async () => {
    const r = replicas();
    await r.a.read(album, 'with=tracks', r.load);
    await r.a.read(album, 'with=genres', r.load);
    expect(r.loads()).toBe(2);
    r.change('v2');
    await r.a.drop([album]);
    expect(await r.a.read(album, 'with=genres', r.load)).toBe('{"name":"v2"}');
  });

  it('a read after a write never joins a load that started before it', async () => {
    const r = replicas();
    let release: () => void = () => undefined;
    const slow = async () => {
      await new Promise<void>((resolve) => {
        release = resolve;
      });
      return '{"name":"v1"}';
    };
    const early = r.a.read(album, 'q', slow);
    await new Promise((resolve) => setImmediate(resolve));
    r.change('v2');
    await r.a.drop([album]);
    const late = r.a.read(album, 'q', r.load);
    release();
    expect(await early).toBe('{"name":"v1"}');
    expect(await late).toBe('{"name":"v2"}');
    // The early load's body was stored under the dropped stamp: nobody sees it again.
    expect(await r.b.read(album, 'q', r.load)).toBe('{"name":"v2"}');
  });

  it('never caches a viewer-dependent answer (load answers null)', async () => {
    const r = replicas();
    let loads = 0;
    const personal = async () => {
      loads += 1;
      return null;
    };
    expect(await r.a.read(album, 'q', personal)).toBeNull();
    expect(await r.a.read(album, 'q', personal)).toBeNull();
    expect(loads).toBe(2);
  });

  it('reloads once the stamp outlives its TTL (play counts are at most that old)', async () => {
    let time = 0;
    const r = replicas(() => time);
    await r.a.read(album, 'q', r.load);
    r.change('v2');
    time += 61_000;
    expect(await r.a.read(album, 'q', r.load)).toBe('{"name":"v2"}');
  });

  it('keeps at most its budget of bodies in memory, dropping the least recently read', async () => {
    const cache = createCatalogueCache({
      cache: createMemoryCache(),
      isShared: false,
      ttlSeconds: 60,
      memoChars: 10,
    });
    let loads = 0;
    const load = async () => {
      loads += 1;
      return '123456';
    };
    await cache.read(album, 'a', load);
    await cache.read(album, 'b', load);
    await cache.read(album, 'b', load);
    expect(loads).toBe(2);
    await cache.read(album, 'a', load);
    expect(loads).toBe(3);
  });

  it('is off with a TTL of 0', async () => {
    const cache = createCatalogueCache({ cache: createMemoryCache(), isShared: false, ttlSeconds: 0 });
    let loads = 0;
    const load = async () => `${++loads}`;
    await cache.read(album, 'q', load);
    expect(await cache.read(album, 'q', load)).toBe('2');
  });
});
