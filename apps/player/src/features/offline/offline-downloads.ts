import type {
  TOfflineCollectionType,
  TOfflineManifest,
  TOfflineManifestResponse,
} from '@cadence/contracts/offline';
import { pageRequests } from '@cadence/contracts/page-requests';
import { apiClient } from '@cadence/http-client/http-client';
import {
  audioKey,
  ITEMS_PREFIX,
  imageKey,
  itemKey,
  metaKey,
  OFFLINE_CACHE,
  OFFLINE_CHANGED_MESSAGE,
} from './offline-keys';
import { isOfflineSupported } from './offline-support';

/** An album or playlist kept for offline listening, as the Downloaded view lists it. */
export type TDownloadedItem = {
  type: TOfflineCollectionType;
  id: number;
  name: string;
  image: string | null;
  /** The player page that shows it. */
  path: string;
  track_ids: number[];
  image_keys: string[];
  /** Bytes of its audio, page data and cover art (audio shared with another item counted in both). */
  bytes: number;
  saved_at: string;
};

export type TDownloadProgress = { done: number; total: number };

export { isOfflineSupported };

const openCache = () => caches.open(OFFLINE_CACHE);

export async function listDownloads(): Promise<TDownloadedItem[]> {
  if (!isOfflineSupported() || !(await caches.has(OFFLINE_CACHE))) return [];
  const cache = await openCache();
  const items: TDownloadedItem[] = [];
  for (const request of await cache.keys()) {
    if (!new URL(request.url).pathname.startsWith(ITEMS_PREFIX)) continue;
    const response = await cache.match(request);
    if (response) items.push((await response.json()) as TDownloadedItem);
  }
  return items.sort((a, b) => b.saved_at.localeCompare(a.saved_at));
}

/** The listener's storage as the browser reports it (all of this site's storage, not only music). */
export async function storageEstimate(): Promise<{ usage: number; quota: number } | null> {
  if (typeof navigator === 'undefined' || !navigator.storage?.estimate) return null;
  const { usage = 0, quota = 0 } = await navigator.storage.estimate();
  return { usage, quota };
}

async function put(cache: Cache, key: string, body: Blob, type: string): Promise<number> {
  await cache.put(
    key,
    new Response(body, { headers: { 'content-type': type, 'content-length': String(body.size) } }),
  );
  return body.size;
}

async function storedSize(cache: Cache, key: string): Promise<number | null> {
  const response = await cache.match(key);
  if (!response) return null;
  return Number(response.headers.get('content-length')) || (await response.blob()).size;
}

async function keepAudio(cache: Cache, track: TOfflineManifest['tracks'][number]): Promise<number> {
  const kept = await storedSize(cache, audioKey(track.id));
  if (kept !== null) return kept;
  const response = await fetch(track.stream_url, { credentials: 'same-origin' });
  if (!response.ok) throw new Error(`Could not download "${track.name}".`);
  const body = await response.blob();
  return put(
    cache,
    audioKey(track.id),
    body,
    response.headers.get('content-type') ?? (body.type || 'audio/mpeg'),
  );
}

/** Cover art of this site only: another origin's images are its own business (and opaque). */
async function keepImage(cache: Cache, image: string): Promise<{ key: string; bytes: number } | null> {
  const url = new URL(image, window.location.href);
  if (url.origin !== window.location.origin) return null;
  const response = await fetch(url, { credentials: 'same-origin' });
  if (!response.ok) return null;
  const body = await response.blob();
  const key = imageKey(url.pathname);
  return { key, bytes: await put(cache, key, body, response.headers.get('content-type') ?? body.type) };
}

/** The page's own api answer, stored under its path so the worker finds it when the network fails. */
async function keepPageData(cache: Cache, type: TOfflineCollectionType, id: number): Promise<number> {
  const request = type === 'album' ? pageRequests.album(id) : pageRequests.playlist(id);
  const data = await apiClient.get<unknown>(request.path, { params: request.params });
  const body = new Blob([JSON.stringify(data)], { type: 'application/json' });
  return put(cache, metaKey(`/api/v1/${request.path}`), body, 'application/json');
}

/**
 * Saves an album or playlist for offline listening: the api lists what this listener may keep
 * (music.download), then its audio files, page data and cover art go into Cache Storage. The item
 * is listed only once everything is stored, so a failed download leaves no half item behind.
 */
export async function downloadCollection(
  type: TOfflineCollectionType,
  id: number,
  path: string,
  onProgress: (progress: TDownloadProgress) => void = () => undefined,
): Promise<TDownloadedItem> {
  const { manifest } = await apiClient.get<TOfflineManifestResponse>(`offline/${type}/${id}`);
  const cache = await openCache();
  const total = manifest.tracks.length;
  let bytes = 0;
  onProgress({ done: 0, total });
  for (const [index, track] of manifest.tracks.entries()) {
    bytes += await keepAudio(cache, track);
    onProgress({ done: index + 1, total });
  }
  const images = new Set([manifest.image, ...manifest.tracks.map((track) => track.image)]);
  const imageKeys: string[] = [];
  for (const image of images) {
    const kept = image ? await keepImage(cache, image) : null;
    if (!kept) continue;
    imageKeys.push(kept.key);
    bytes += kept.bytes;
  }
  bytes += await keepPageData(cache, type, id);
  const item: TDownloadedItem = {
    type,
    id,
    name: manifest.name,
    image: manifest.image,
    path,
    track_ids: manifest.tracks.map((track) => track.id),
    image_keys: imageKeys,
    bytes,
    saved_at: new Date().toISOString(),
  };
  await put(cache, itemKey(type, id), new Blob([JSON.stringify(item)]), 'application/json');
  await announceChange();
  await refreshOfflinePage();
  return item;
}

/** Removes an item and the audio and art no other downloaded item still needs. */
export async function removeDownload(type: TOfflineCollectionType, id: number): Promise<void> {
  const items = await listDownloads();
  const removed = items.find((item) => item.type === type && item.id === id);
  const cache = await openCache();
  await cache.delete(itemKey(type, id));
  if (removed) {
    const others = items.filter((item) => item !== removed);
    const tracksNeeded = new Set(others.flatMap((item) => item.track_ids));
    const imagesNeeded = new Set(others.flatMap((item) => item.image_keys));
    for (const trackId of removed.track_ids)
      if (!tracksNeeded.has(trackId)) await cache.delete(audioKey(trackId));
    for (const key of removed.image_keys) if (!imagesNeeded.has(key)) await cache.delete(key);
    const request = type === 'album' ? pageRequests.album(id) : pageRequests.playlist(id);
    await cache.delete(metaKey(`/api/v1/${request.path}`));
  }
  await announceChange();
}

export async function isDownloaded(type: TOfflineCollectionType, id: number): Promise<boolean> {
  if (!isOfflineSupported() || !(await caches.has(OFFLINE_CACHE))) return false;
  return (await (await openCache()).match(itemKey(type, id))) !== undefined;
}

/** The worker keeps an index of what is stored: it re-reads it now. */
async function announceChange(): Promise<void> {
  const registration = await navigator.serviceWorker?.getRegistration('/');
  registration?.active?.postMessage(OFFLINE_CHANGED_MESSAGE);
}

/**
 * A page load without a network gets the worker's copy of /offline (precached when the worker
 * installed, perhaps before this listener signed in). After a download that copy is refreshed,
 * so the player it opens knows the listener and lists what they saved.
 */
async function refreshOfflinePage(): Promise<void> {
  for (const name of await caches.keys()) {
    if (name === OFFLINE_CACHE) continue;
    const cache = await caches.open(name);
    const entry = (await cache.keys()).find((request) => new URL(request.url).pathname === '/offline');
    if (!entry) continue;
    // A query string of its own: the precache route would answer the plain path from the stale copy.
    const response = await fetch(`/offline?refreshed=${Date.now()}`, {
      credentials: 'same-origin',
      cache: 'no-store',
    }).catch(() => null);
    if (response?.ok) await cache.put(entry, response);
  }
}
