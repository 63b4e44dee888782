/**
 * Where offline listening keeps things (issue 37), shared by the page and the service worker: one
 * Cache Storage cache, keyed by made-up same-origin paths so nothing collides with a real URL.
 */
export const OFFLINE_CACHE = 'cadence-offline-v1';

const PREFIX = '/__offline/';
export const AUDIO_PREFIX = `${PREFIX}audio/`;
export const ITEMS_PREFIX = `${PREFIX}items/`;
export const META_PREFIX = `${PREFIX}meta`;
export const IMAGE_PREFIX = `${PREFIX}image`;
export const PLAY_QUEUE_KEY = `${PREFIX}plays`;

export const audioKey = (trackId: number) => `${AUDIO_PREFIX}${trackId}`;
export const itemKey = (type: string, id: number) => `${ITEMS_PREFIX}${type}/${id}`;
/** An album or playlist page's api answer, by path (its query string names the relations it loads). */
export const metaKey = (pathname: string) => `${META_PREFIX}${pathname}`;
/** Cover art by path: the pages may ask for another width (`?w=`) than the one stored. */
export const imageKey = (pathname: string) => `${IMAGE_PREFIX}${pathname}`;

/** The player's stream URL (apps/api streaming.routes.ts), whatever its query (data saver). */
export const STREAM_PATH = /^\/api\/v1\/tracks\/(\d+)\/stream$/;
/** The album and playlist pages' first request (contracts page-requests.ts). */
export const META_PATH = /^\/api\/v1\/(?:albums|playlists)\/\d+$/;

/** Posted to the service worker after a download or removal: it re-reads what is stored. */
export const OFFLINE_CHANGED_MESSAGE = 'cadence:offline-changed';
