import type { TAdminCatalogueQuery } from '@cadence/contracts/admin-catalogue';
import { type RawBuilder, sql } from 'kysely';
import { nameSearch, SORT_TYPES, type SortSpec } from './keyset';

export type AdminModel = 'track' | 'album' | 'artist';

const HAS_AUDIO = sql`(t.src is not null or t.file_entry_id is not null)`;
const HAS_LYRICS = sql`exists (select 1 from lyrics l where l.track_id = t.id)`;

function inGenre(type: AdminModel, idRef: string, genre: string) {
  return sql<boolean>`${sql.ref(idRef)} in (select ga.genreable_id from genreables ga
    join genres g on g.id = ga.genre_id where ga.genreable_type = ${type} and g.name = ${genre.toLowerCase()})`;
}

/** An album "has" what any of its tracks has; it is private when it has tracks and none is public. */
function albumTracks(condition: RawBuilder<unknown>, wanted: boolean) {
  const test = sql`exists (select 1 from tracks t where t.album_id = albums.id and ${condition})`;
  return wanted ? sql<boolean>`${test}` : sql<boolean>`not ${test}`;
}

function trackFilters(q: TAdminCatalogueQuery): RawBuilder<unknown>[] {
  const where: RawBuilder<unknown>[] = [];
  if (q.genre)
    where.push(sql`(${inGenre('track', 't.id', q.genre)} or t.album_id in (select ga.genreable_id
      from genreables ga join genres g on g.id = ga.genre_id
      where ga.genreable_type = 'album' and g.name = ${q.genre.toLowerCase()}))`);
  if (q.artist_id)
    where.push(sql`t.id in (select track_id from artist_track where artist_id = ${q.artist_id})`);
  if (q.owner_id) where.push(sql`t.owner_id = ${q.owner_id}`);
  if (q.release_year)
    where.push(sql`extract(year from coalesce(t.released_at, t.created_at)) = ${q.release_year}`);
  if (q.has_audio !== undefined) where.push(q.has_audio ? HAS_AUDIO : sql`not ${HAS_AUDIO}`);
  if (q.has_lyrics !== undefined) where.push(q.has_lyrics ? HAS_LYRICS : sql`not ${HAS_LYRICS}`);
  if (q.private !== undefined) where.push(sql`t.visibility ${sql.raw(q.private ? '=' : '<>')} 'private'`);
  return where;
}

function albumFilters(q: TAdminCatalogueQuery): RawBuilder<unknown>[] {
  const where: RawBuilder<unknown>[] = [];
  if (q.genre) where.push(inGenre('album', 'albums.id', q.genre));
  if (q.artist_id)
    where.push(sql`albums.id in (select album_id from album_artist where artist_id = ${q.artist_id})`);
  if (q.owner_id) where.push(sql`albums.owner_id = ${q.owner_id}`);
  if (q.release_year) where.push(sql`extract(year from albums.release_date) = ${q.release_year}`);
  if (q.has_audio !== undefined) where.push(albumTracks(HAS_AUDIO, q.has_audio));
  if (q.has_lyrics !== undefined) where.push(albumTracks(HAS_LYRICS, q.has_lyrics));
  if (q.private !== undefined) {
    const isPrivate = sql`(exists (select 1 from tracks t where t.album_id = albums.id)
      and not exists (select 1 from tracks t where t.album_id = albums.id and t.visibility = 'public'))`;
    where.push(q.private ? isPrivate : sql`not ${isPrivate}`);
  }
  return where;
}

function artistFilters(q: TAdminCatalogueQuery): RawBuilder<unknown>[] {
  const where: RawBuilder<unknown>[] = [];
  if (q.genre) where.push(inGenre('artist', 'artists.id', q.genre));
  if (q.owner_id)
    where.push(sql`artists.id in (select artist_id from user_artist where user_id = ${q.owner_id})`);
  if (q.private !== undefined) where.push(sql`artists.disabled = ${q.private}`);
  return where;
}

const MODELS = {
  track: {
    from: sql`tracks t`,
    idRef: 't.id',
    name: 't.name',
    sort: { plays: 't.plays', date: 't.created_at', name: 'lower(t.name)' },
    filters: trackFilters,
  },
  album: {
    from: sql`albums`,
    idRef: 'albums.id',
    name: 'albums.name',
    sort: { plays: 'albums.plays', date: 'albums.created_at', name: 'lower(albums.name)' },
    filters: albumFilters,
  },
  artist: {
    from: sql`artists`,
    idRef: 'artists.id',
    name: 'artists.name',
    sort: { plays: 'artists.plays', date: 'artists.created_at', name: 'lower(artists.name)' },
    filters: artistFilters,
  },
} as const;

/** The FROM, WHERE and sort of one admin table for a parsed query. Only constant SQL is raw. */
export function adminQueryParts(model: AdminModel, q: TAdminCatalogueQuery) {
  const m = MODELS[model];
  const where = m.filters(q);
  if (q.query) where.push(nameSearch(m.name, q.query));
  const spec: SortSpec = { expr: m.sort[q.orderBy], type: SORT_TYPES[q.orderBy] };
  return {
    from: m.from,
    idRef: m.idRef,
    where: where.length ? sql<boolean>`${sql.join(where, sql` and `)}` : sql<boolean>`true`,
    spec,
  };
}
