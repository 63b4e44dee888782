import type { Kysely } from 'kysely';
import type { Database } from '../../platform/db/schema';
import type { CatalogueCache, CataloguePage } from './catalogue-cache';
import {
  albumsCreditedTo,
  albumsOfTracks,
  artistsCreditedOn,
  playlistsWith,
  tracksCreditedTo,
  tracksOnAlbums,
} from './catalogue-invalidation.repository';

type Db = Kysely<Database>;

/** What a write changed, by entity id. `users` are playlist owners and editors (their refs). */
export type CatalogueChange = {
  albums?: readonly number[];
  artists?: readonly number[];
  tracks?: readonly number[];
  playlists?: readonly number[];
  users?: readonly number[];
  /** Genre and tag edits: any page may embed their names. */
  all?: boolean;
};

/**
 * The app's catalogue caches by database handle: every write path holds `db`, including shared
 * helpers such as deleteTracks() that five modules call, so invalidation reaches them all without
 * a new parameter on each. Keyed by handle, test apps with their own databases stay apart; scripts
 * that write without an app (seed) have none registered and rely on the stamps' TTL.
 */
const registry = new WeakMap<object, Set<CatalogueCache>>();

export function registerCatalogueCache(db: Db, cache: CatalogueCache): () => void {
  let caches = registry.get(db);
  if (!caches) {
    caches = new Set();
    registry.set(db, caches);
  }
  caches.add(cache);
  return () => caches.delete(cache);
}

const unique = (lists: (readonly number[] | undefined)[]) => [
  ...new Set(lists.flatMap((list) => list ?? [])),
];

/**
 * The pages a change shows up on. An album page embeds its artists and its tracks (with their
 * artists); a track page its album and artists; an artist page its albums and top tracks (with
 * their artists); a playlist page its tracks (with albums and artists), owner and editors; channel
 * pages and search answers any of these.
 */
export async function pagesChangedBy(db: Db, change: CatalogueChange): Promise<CataloguePage[]> {
  const givenArtists = unique([change.artists]);
  const [creditedTracks, creditedAlbums] = await Promise.all([
    tracksCreditedTo(db, givenArtists),
    albumsCreditedTo(db, givenArtists),
  ]);
  const albums = unique([change.albums, creditedAlbums]);
  const tracks = unique([change.tracks, creditedTracks, await tracksOnAlbums(db, albums)]);
  const [trackAlbums, artists, playlists] = await Promise.all([
    albumsOfTracks(db, tracks),
    artistsCreditedOn(db, albums, tracks),
    playlistsWith(db, tracks, unique([change.users])),
  ]);
  return [
    ...unique([albums, trackAlbums]).map((id) => ({ kind: 'album' as const, id })),
    ...tracks.map((id) => ({ kind: 'track' as const, id })),
    ...unique([givenArtists, artists]).map((id) => ({ kind: 'artist' as const, id })),
    ...unique([change.playlists, playlists]).map((id) => ({ kind: 'playlist' as const, id })),
    { kind: 'channels' },
    { kind: 'search' },
  ];
}

async function drop(db: Db, change: CatalogueChange, pages: CataloguePage[]): Promise<void> {
  const caches = registry.get(db);
  if (!caches) return;
  await Promise.all([...caches].map((cache) => (change.all ? cache.dropAll() : cache.drop(pages))));
}

/** Call after the write committed: drops every page showing what changed. */
export async function catalogueChanged(db: Db, change: CatalogueChange): Promise<void> {
  if (!registry.get(db)?.size) return;
  await drop(db, change, change.all ? [] : await pagesChangedBy(db, change));
}

/**
 * Runs a write that moves or removes relations (a delete, tracks moved between albums, credits
 * replaced): the pages are found before it, while the old relations still exist, and after it,
 * and all are dropped once it committed.
 */
export async function changingCatalogue<T>(
  db: Db,
  change: CatalogueChange,
  write: () => Promise<T>,
): Promise<T> {
  if (!registry.get(db)?.size) return write();
  const before = change.all ? [] : await pagesChangedBy(db, change);
  const result = await write();
  const after = change.all ? [] : await pagesChangedBy(db, change);
  await drop(db, change, [...before, ...after]);
  return result;
}

const COUNTED_PAGES = new Set(['album', 'artist', 'track', 'playlist']);

/**
 * A counter shown on one page changed by its viewer's own act (a like, a repost, a follow): that
 * page alone is dropped, so whoever acted sees the new count at once. Pages that embed the item
 * keep their counts for up to the cache's TTL, as for plays.
 */
export async function pageCounterChanged(db: Db, kind: string, ids: readonly number[]): Promise<void> {
  if (!COUNTED_PAGES.has(kind) || !registry.get(db)?.size) return;
  await drop(
    db,
    {},
    ids.map((id) => ({ kind: kind as 'album' | 'artist' | 'track' | 'playlist', id })),
  );
}
