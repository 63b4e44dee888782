import { type Kysely, sql } from 'kysely';
import type { Database } from '../../platform/db/schema';
import type { ArtistOverlap, ScoredArtist } from './similarity-score';

type Db = Kysely<Database>;
type Counts = Map<number, number>;

const CANDIDATES_PER_SIGNAL = 200;
/** The co-listening signal reads at most this many of the artist's listeners (most recent first). */
const LISTENER_SAMPLE = 1_000;

async function countMap(
  rows: Promise<{ rows: { artist_id: number | string; n: number | string }[] }>,
): Promise<Counts> {
  return new Map((await rows).rows.map((row) => [Number(row.artist_id), Number(row.n)]));
}

function sharedBy(db: Db, table: 'genreables' | 'taggables', artistId: number): Promise<Counts> {
  const [key, type, id] =
    table === 'genreables'
      ? ['genre_id', 'genreable_type', 'genreable_id']
      : ['tag_id', 'taggable_type', 'taggable_id'];
  return countMap(
    sql<{ artist_id: number; n: number }>`
      select other.${sql.ref(id)} as artist_id, count(*) as n
      from ${sql.table(table)} mine
      join ${sql.table(table)} other on other.${sql.ref(key)} = mine.${sql.ref(key)}
        and other.${sql.ref(type)} = 'artist' and other.${sql.ref(id)} <> ${artistId}
      where mine.${sql.ref(type)} = 'artist' and mine.${sql.ref(id)} = ${artistId}
      group by 1 order by 2 desc limit ${CANDIDATES_PER_SIGNAL}
    `.execute(db),
  );
}

function totalsOf(db: Db, table: 'genreables' | 'taggables', artistIds: number[]): Promise<Counts> {
  const [type, id] =
    table === 'genreables' ? ['genreable_type', 'genreable_id'] : ['taggable_type', 'taggable_id'];
  return countMap(
    sql<{ artist_id: number; n: number }>`
      select ${sql.ref(id)} as artist_id, count(*) as n from ${sql.table(table)}
      where ${sql.ref(type)} = 'artist' and ${sql.ref(id)} = any(${artistIds}::bigint[])
      group by 1
    `.execute(db),
  );
}

/** A user listens to an artist when they liked it, liked one of its tracks or played one. */
async function listeners(db: Db, artistId: number): Promise<{ total: number; shared: Counts }> {
  const { rows: mine } = await sql<{ user_id: number }>`
    select distinct user_id from (
      select user_id from likes where likeable_type = 'artist' and likeable_id = ${artistId}
      union all
      select l.user_id from likes l join artist_track at on at.track_id = l.likeable_id
        where l.likeable_type = 'track' and at.artist_id = ${artistId}
      union all
      select p.user_id from plays p join artist_track at on at.track_id = p.track_id
        where at.artist_id = ${artistId} and p.user_id is not null
    ) listeners limit ${LISTENER_SAMPLE}
  `.execute(db);
  const userIds = mine.map((row) => Number(row.user_id));
  if (userIds.length === 0) return { total: 0, shared: new Map() };
  const shared = await countMap(
    sql<{ artist_id: number; n: number }>`
      select artist_id, count(distinct user_id) as n from (
        select likeable_id as artist_id, user_id from likes
          where likeable_type = 'artist' and user_id = any(${userIds}::int[])
        union all
        select at.artist_id, l.user_id from likes l join artist_track at on at.track_id = l.likeable_id
          where l.likeable_type = 'track' and l.user_id = any(${userIds}::int[])
        union all
        select at.artist_id, p.user_id from plays p join artist_track at on at.track_id = p.track_id
          where p.user_id = any(${userIds}::int[])
      ) edges where artist_id <> ${artistId}
      group by 1 order by 2 desc limit ${CANDIDATES_PER_SIGNAL}
    `.execute(db),
  );
  return { total: userIds.length, shared };
}

async function listenerTotals(db: Db, artistIds: number[]): Promise<Counts> {
  if (artistIds.length === 0) return new Map();
  return countMap(
    sql<{ artist_id: number; n: number }>`
      select artist_id, count(distinct user_id) as n from (
        select likeable_id as artist_id, user_id from likes
          where likeable_type = 'artist' and likeable_id = any(${artistIds}::bigint[])
        union all
        select at.artist_id, l.user_id from likes l join artist_track at on at.track_id = l.likeable_id
          where l.likeable_type = 'track' and at.artist_id = any(${artistIds}::bigint[])
        union all
        select at.artist_id, p.user_id from plays p join artist_track at on at.track_id = p.track_id
          where p.user_id is not null and at.artist_id = any(${artistIds}::bigint[])
      ) edges group by 1
    `.execute(db),
  );
}

/** Overlap counts of one artist with every artist that shares anything with it. */
export async function overlapsOf(
  db: Db,
  artistId: number,
): Promise<{ artistId: number; overlap: ArtistOverlap }[]> {
  const [genres, tags, listened] = await Promise.all([
    sharedBy(db, 'genreables', artistId),
    sharedBy(db, 'taggables', artistId),
    listeners(db, artistId),
  ]);
  const candidateIds = [...new Set([...genres.keys(), ...tags.keys(), ...listened.shared.keys()])];
  if (candidateIds.length === 0) return [];
  const everyone = [artistId, ...candidateIds];
  const [genreTotals, tagTotals, listenerCounts] = await Promise.all([
    totalsOf(db, 'genreables', everyone),
    totalsOf(db, 'taggables', everyone),
    listenerTotals(db, candidateIds),
  ]);
  return candidateIds.map((id) => ({
    artistId: id,
    overlap: {
      genres: { shared: genres.get(id) ?? 0, a: genreTotals.get(artistId) ?? 0, b: genreTotals.get(id) ?? 0 },
      tags: { shared: tags.get(id) ?? 0, a: tagTotals.get(artistId) ?? 0, b: tagTotals.get(id) ?? 0 },
      listeners: { shared: listened.shared.get(id) ?? 0, a: listened.total, b: listenerCounts.get(id) ?? 0 },
    },
  }));
}

/**
 * Replaces the stored list in one transaction, so readers never see a half-written one; inside
 * a caller's transaction (the demo seed) it joins that one, as Kysely cannot nest them.
 */
export async function replaceSimilar(db: Db, artistId: number, similar: ScoredArtist[]): Promise<void> {
  const write = async (trx: Db) => {
    await trx.deleteFrom('similar_artists').where('artist_id', '=', artistId).execute();
    if (similar.length === 0) return;
    await trx
      .insertInto('similar_artists')
      .values(
        similar.map((entry) => ({ artist_id: artistId, similar_id: entry.artistId, score: entry.score })),
      )
      .execute();
  };
  await (db.isTransaction ? write(db) : db.transaction().execute(write));
}

export async function artistIdsAfter(db: Db, afterId: number, limit: number): Promise<number[]> {
  const rows = await db
    .selectFrom('artists')
    .select('id')
    .where('id', '>', afterId)
    .orderBy('id')
    .limit(limit)
    .execute();
  return rows.map((row) => Number(row.id));
}

export async function storedSimilar(db: Db, artistId: number, limit: number) {
  const rows = await db
    .selectFrom('similar_artists')
    .innerJoin('artists', 'artists.id', 'similar_artists.similar_id')
    .select(['artists.id', 'artists.name', 'artists.image_small', 'similar_artists.score'])
    .where('similar_artists.artist_id', '=', artistId)
    .where('artists.disabled', '=', false)
    .orderBy('similar_artists.score', 'desc')
    .orderBy('artists.id')
    .limit(limit)
    .execute();
  return rows.map((row) => ({
    id: Number(row.id),
    name: row.name,
    image_small: row.image_small,
    score: Number(row.score),
  }));
}

export async function artistExists(db: Db, artistId: number): Promise<boolean> {
  const row = await db.selectFrom('artists').select('id').where('id', '=', artistId).executeTakeFirst();
  return Boolean(row);
}
