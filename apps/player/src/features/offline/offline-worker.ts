import {
  AUDIO_PREFIX,
  audioKey,
  IMAGE_PREFIX,
  imageKey,
  META_PATH,
  META_PREFIX,
  metaKey,
  OFFLINE_CACHE,
  STREAM_PATH,
} from './offline-keys';
import { rangeResponse } from './range-response';

/** What the worker knows is stored, read from the cache at start and after each change. */
type TStoredIndex = { trackIds: Set<number>; metaPaths: Set<string>; imagePaths: Set<string> };

type TWorkerDeps = { caches: CacheStorage; fetch: typeof fetch; origin: string };

/**
 * The service worker's part of offline listening (issue 37). Stored audio is answered from the
 * cache, range requests included, online or not (it is the same file, and costs no data); the
 * album and playlist pages' answers and their cover art come from the network, and from the cache
 * when the network fails. Requests for anything not stored are left to the browser untouched.
 */
export function createOfflineFetchHandler({ caches, fetch, origin }: TWorkerDeps) {
  let index: TStoredIndex | null = null;
  let loading: Promise<TStoredIndex> | null = null;

  async function readIndex(): Promise<TStoredIndex> {
    const found: TStoredIndex = { trackIds: new Set(), metaPaths: new Set(), imagePaths: new Set() };
    if (!(await caches.has(OFFLINE_CACHE))) return found;
    for (const request of await (await caches.open(OFFLINE_CACHE)).keys()) {
      const path = new URL(request.url).pathname;
      if (path.startsWith(AUDIO_PREFIX)) found.trackIds.add(Number(path.slice(AUDIO_PREFIX.length)));
      else if (path.startsWith(META_PREFIX)) found.metaPaths.add(path.slice(META_PREFIX.length));
      else if (path.startsWith(IMAGE_PREFIX)) found.imagePaths.add(path.slice(IMAGE_PREFIX.length));
    }
    return found;
  }

  function reload(): Promise<TStoredIndex> {
    const current = readIndex().then((read) => {
      if (loading === current) index = read;
      return read;
    });
    loading = current;
    return current;
  }

  async function stored(key: string): Promise<Response | undefined> {
    return (await caches.open(OFFLINE_CACHE)).match(key);
  }

  async function audio(request: Request, trackId: number): Promise<Response> {
    const file = await stored(audioKey(trackId));
    if (!file) return fetch(request);
    return rangeResponse(
      await file.blob(),
      request.headers.get('range'),
      file.headers.get('content-type') ?? undefined,
    );
  }

  async function networkThenStored(request: Request, key: string): Promise<Response> {
    try {
      return await fetch(request);
    } catch (error) {
      const kept = await stored(key);
      if (kept) return kept;
      throw error;
    }
  }

  /** Which stored thing a request names, if any: decided from the index once it is read. */
  function route(
    request: Request,
  ): { key: string; isStored: (index: TStoredIndex) => boolean; audio?: number } | null {
    if (request.method !== 'GET') return null;
    const url = new URL(request.url);
    if (url.origin !== origin) return null;
    const stream = STREAM_PATH.exec(url.pathname);
    if (stream) {
      const trackId = Number(stream[1]);
      return { key: audioKey(trackId), audio: trackId, isStored: (read) => read.trackIds.has(trackId) };
    }
    if (META_PATH.test(url.pathname))
      return { key: metaKey(url.pathname), isStored: (read) => read.metaPaths.has(url.pathname) };
    if (request.destination === 'image')
      return { key: imageKey(url.pathname), isStored: (read) => read.imagePaths.has(url.pathname) };
    return null;
  }

  /**
   * The answer to give, or null to let the request go on as if there were no worker. Until the
   * index is read (the worker just started, e.g. on a reload offline) the answer waits for it.
   */
  function respond(request: Request): Promise<Response> | null {
    const target = route(request);
    if (!target) return null;
    if (index && !target.isStored(index)) return null;
    return (async () => {
      const read = index ?? (await (loading ?? reload()));
      if (!target.isStored(read)) return fetch(request);
      return target.audio !== undefined
        ? audio(request, target.audio)
        : networkThenStored(request, target.key);
    })();
  }

  return { respond, reload };
}
