import { sql } from 'kysely';
import { slugify } from '../catalogue/catalogue-utils';
import type { Db } from './import-sql.repository';

/** The key the database matches names on (`lower(name)`), so a batch resolves a name once. */
export const nameMatchKey = (name: string) => name.toLowerCase();
export const albumMatchKey = (artistId: number, name: string) => `${artistId}\u0000${nameMatchKey(name)}`;

/** Artist ids by `nameMatchKey`: the oldest artist of that name, or a new one (two statements). */
export async function resolveArtists(
  db: Db,
  names: string[],
): Promise<{ ids: Map<string, number>; created: number }> {
  const wanted = new Map<string, string>();
  for (const name of names) if (!wanted.has(nameMatchKey(name))) wanted.set(nameMatchKey(name), name);
  const ids = new Map<string, number>();
  if (wanted.size === 0) return { ids, created: 0 };
  const found = await db
    .selectFrom('artists')
    .select(['id', sql<string>`lower(name)`.as('key')])
    .where(sql<string>`lower(name)`, 'in', [...wanted.keys()])
    .orderBy('id')
    .execute();
  for (const row of found) if (!ids.has(row.key)) ids.set(row.key, Number(row.id));
  const missing = [...wanted].filter(([key]) => !ids.has(key)).map(([, name]) => name);
  if (missing.length === 0) return { ids, created: 0 };
  const inserted = await db
    .insertInto('artists')
    .values(missing.map((name) => ({ name, slug: slugify(name) })))
    .returning(['id', 'name'])
    .execute();
  for (const row of inserted) ids.set(nameMatchKey(row.name), Number(row.id));
  return { ids, created: inserted.length };
}

export type TAlbumWant = { name: string; artistId: number; year: number | null; image: string | null };

const releaseDateOf = (year: number | null) =>
  year && year > 0 && year < 10_000 ? `${String(year).padStart(4, '0')}-01-01` : null;

/**
 * Album ids by `albumMatchKey`: an album of that artist and name, or a new one. The first want
 * of a key gives a new album its year; the first cover fills an album that has none.
 */
export async function resolveAlbums(
  db: Db,
  wants: TAlbumWant[],
): Promise<{ ids: Map<string, number>; created: number }> {
  const byKey = new Map<string, TAlbumWant>();
  for (const want of wants) {
    const key = albumMatchKey(want.artistId, want.name);
    const first = byKey.get(key);
    if (!first) byKey.set(key, { ...want });
    else if (!first.image && want.image) first.image = want.image;
  }
  const ids = new Map<string, number>();
  if (byKey.size === 0) return { ids, created: 0 };
  const found = await db
    .selectFrom('albums')
    .innerJoin('album_artist', 'album_artist.album_id', 'albums.id')
    .select([
      'albums.id',
      'albums.image',
      'album_artist.artist_id',
      sql<string>`lower(albums.name)`.as('key'),
    ])
    .where('album_artist.artist_id', 'in', [...new Set(wants.map((want) => want.artistId))])
    .where(sql<string>`lower(albums.name)`, 'in', [...new Set(wants.map((want) => nameMatchKey(want.name)))])
    .orderBy('albums.id')
    .execute();
  for (const row of found) {
    const key = `${Number(row.artist_id)}\u0000${row.key}`;
    const want = byKey.get(key);
    if (!want || ids.has(key)) continue;
    ids.set(key, Number(row.id));
    if (!row.image && want.image)
      await db.updateTable('albums').set({ image: want.image }).where('id', '=', row.id).execute();
  }
  const missing = [...byKey].filter(([key]) => !ids.has(key));
  if (missing.length === 0) return { ids, created: 0 };
  const inserted = await db
    .insertInto('albums')
    .values(
      missing.map(([, want]) => ({
        name: want.name,
        slug: slugify(want.name),
        release_date: releaseDateOf(want.year),
        image: want.image,
      })),
    )
    .returning(['id', 'name'])
    .execute();
  // A multi-row VALUES insert returns its rows in order; the names prove it before ids are paired.
  if (inserted.some((row, index) => row.name !== missing[index]?.[1].name))
    throw new Error('Inserted albums came back in another order.');
  for (const [index, [key]] of missing.entries()) ids.set(key, Number(inserted[index]?.id));
  await db
    .insertInto('album_artist')
    .values(
      missing.map(([, want], index) => ({ album_id: Number(inserted[index]?.id), artist_id: want.artistId })),
    )
    .execute();
  return { ids, created: inserted.length };
}
