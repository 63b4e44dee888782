import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, createTestUser, type TestApp } from '../../test/test-app';
import { type AlbumListType, albumList } from './subsonic-albums.repository';
import { searchSongs } from './subsonic-songs.repository';

/**
 * The `getAlbumList2` pages that walk indexes (issue 35's `subsonic-lists` benchmark) against the
 * plain statement of each order (one sort of every album), page by page: a walk that skipped,
 * repeated or reordered an album differs from it. More albums than the genre walk's threshold, so
 * both of `byGenre`'s ways are read.
 */
let t: TestApp;
let viewer: number;
let other: number;
let total: number;
const BULK = 2_400;

const idsOf = (rows: { id: number | string | bigint }[]) => rows.map((row) => Number(row.id));

async function insertNamed(table: 'artists' | 'albums', name: string) {
  const row = await t.deps.db
    .insertInto(table)
    .values({ name, slug: `${name.toLowerCase()}-${Math.random().toString(36).slice(2, 8)}` })
    .returning('id')
    .executeTakeFirstOrThrow();
  return Number(row.id);
}

/** Every album's id in the order of `statement` (the old, sort-everything definition). */
async function reference(statement: ReturnType<typeof sql>) {
  return idsOf((await statement.execute(t.deps.db)).rows as { id: string }[]);
}

/** The list read page by page with `size`, joined. */
async function paged(type: AlbumListType, size: number, upTo: number, filter = {}) {
  const ids: number[] = [];
  for (let offset = 0; offset < upTo; offset += size)
    ids.push(...idsOf(await albumList(t.deps.db, viewer, type, filter, { size, offset })));
  return ids;
}

beforeAll(async () => {
  t = await createTestApp();
  viewer = await createTestUser(t.deps, { email: 'lists@example.com', permissions: ['music.view'] });
  other = await createTestUser(t.deps, { email: 'lists-other@example.com', permissions: ['music.view'] });
  const beta = await insertNamed('artists', 'beta');
  const alphaUpper = await insertNamed('artists', 'Alpha');
  const alphaLower = await insertNamed('artists', 'alpha');
  const gamma = await insertNamed('artists', 'Gamma');
  const credit = async (album: number, artist: number, position = 0) =>
    t.deps.db.insertInto('album_artist').values({ album_id: album, artist_id: artist, position }).execute();
  const zulu = await insertNamed('albums', 'Zulu');
  await credit(zulu, alphaUpper);
  const apple = await insertNamed('albums', 'apple');
  await credit(apple, alphaLower);
  const mango = await insertNamed('albums', 'Mango');
  await credit(mango, beta);
  const kiwi = await insertNamed('albums', 'Kiwi');
  await credit(kiwi, gamma, 0);
  await credit(kiwi, alphaUpper, 1);
  const berry = await insertNamed('albums', 'Berry');
  await credit(berry, alphaUpper, 0);
  await credit(berry, beta, 0);
  await insertNamed('albums', 'Lonely');
  await insertNamed('albums', 'lonely');
  // Many albums without an artist; nine in ten in jazz (past the genre walk's threshold).
  await sql`insert into albums (name, slug, release_date)
    select 'bulk ' || lpad(g::text, 4, '0'), 'bulk-' || g, make_date(1980 + g % 40, 1, 1)
      from generate_series(1, ${BULK}::int) g`.execute(t.deps.db);
  const { id: jazz } = await t.deps.db
    .insertInto('genres')
    .values({ name: 'jazz', display_name: 'Jazz' })
    .returning('id')
    .executeTakeFirstOrThrow();
  const { id: folk } = await t.deps.db
    .insertInto('genres')
    .values({ name: 'folk', display_name: 'Folk' })
    .returning('id')
    .executeTakeFirstOrThrow();
  await sql`insert into genreables (genre_id, genreable_type, genreable_id)
    select ${jazz}::int, 'album', id from albums where id % 10 <> 0
    union all select ${folk}::int, 'album', id from albums where id % 500 = 1`.execute(t.deps.db);
  // Likes: two albums with two, one with one, of several users.
  for (const [user, album] of [
    [viewer, kiwi],
    [other, kiwi],
    [viewer, mango],
    [other, mango],
    [other, zulu],
  ] as const)
    await t.deps.db
      .insertInto('likes')
      .values({ user_id: user, likeable_type: 'album', likeable_id: album })
      .execute();
  // Plays: the viewer's (and another user's, which do not count) over tracks of four albums.
  const tracks: Record<number, number> = {};
  for (const album of [zulu, apple, mango, berry]) {
    const row = await t.deps.db
      .insertInto('tracks')
      .values({ name: `track of ${album}`, slug: `track-${album}`, album_id: album, visibility: 'public' })
      .returning('id')
      .executeTakeFirstOrThrow();
    tracks[album] = Number(row.id);
  }
  for (const [user, album, minutesAgo] of [
    [viewer, zulu, 50],
    [viewer, apple, 10],
    [viewer, zulu, 5],
    [viewer, mango, 30],
    [other, berry, 1],
  ] as const)
    await sql`insert into plays (track_id, user_id, played_at, duration_played_ms)
      values (${tracks[album]}, ${user}, now() - make_interval(mins => ${minutesAgo}::int), 60000)`.execute(
      t.deps.db,
    );
  total = Number(
    (
      await t.deps.db
        .selectFrom('albums')
        .select((eb) => eb.fn.countAll<string>().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );
});

afterAll(async () => t?.close());

describe('getAlbumList2 pages agree with one sort of every album', () => {
  it('alphabeticalByArtist: first artist (position, then id), lower-cased names merged; no-artist albums last', async () => {
    const expected = await reference(sql`
      select a.id from albums a
       order by (select aa.artist_id from album_artist aa where aa.album_id = a.id order by aa.position, aa.artist_id limit 1) is null,
                lower((select ar.name from album_artist aa join artists ar on ar.id = aa.artist_id
                        where aa.album_id = a.id order by aa.position, aa.artist_id limit 1)),
                lower(a.name), a.id`);
    expect(await paged('alphabeticalByArtist', 3, 12)).toEqual(expected.slice(0, 12));
    const names = await albumList(t.deps.db, viewer, 'alphabeticalByArtist', {}, { size: 8, offset: 0 });
    expect(names.map((row) => row.name)).toEqual([
      'apple',
      'Zulu',
      'Berry',
      'Mango',
      'Kiwi',
      'bulk 0001',
      'bulk 0002',
      'bulk 0003',
    ]);
    expect(names[2]?.artist_name).toBe('beta');
    for (const offset of [3, 40, total - 4]) {
      const page = await albumList(t.deps.db, viewer, 'alphabeticalByArtist', {}, { size: 7, offset });
      expect(idsOf(page), `offset ${offset}`).toEqual(expected.slice(offset, offset + 7));
    }
  });

  it('highest: most liked first (likes of everyone), then by id; never-liked albums follow by id', async () => {
    const expected = await reference(sql`
      select a.id from albums a
       order by (select count(*) from likes lk where lk.likeable_type = 'album' and lk.likeable_id = a.id) desc, a.id`);
    expect(await paged('highest', 2, 10)).toEqual(expected.slice(0, 10));
    const deep = await albumList(t.deps.db, viewer, 'highest', {}, { size: 5, offset: total - 3 });
    expect(idsOf(deep)).toEqual(expected.slice(total - 3));
  });

  it('starred: the viewer’s liked albums, latest like first', async () => {
    const expected = await reference(sql`
      select a.id from albums a join likes l on l.likeable_id = a.id and l.likeable_type = 'album'
       where l.user_id = ${viewer} order by l.created_at desc, a.id`);
    expect(expected).toHaveLength(2);
    expect(await paged('starred', 1, 3)).toEqual(expected);
  });

  it('recent: the viewer’s albums by their last play (ties by id), others’ plays ignored', async () => {
    // The latest plays: two at the very same moment on two albums, then many on repeat (a window
    // of the latest plays holds few albums).
    const trackOf = async (name: string) =>
      Number(
        (
          await t.deps.db
            .selectFrom('tracks as tr')
            .innerJoin('albums as al', 'al.id', 'tr.album_id')
            .select('tr.id')
            .where('al.name', '=', name)
            .executeTakeFirstOrThrow()
        ).id,
      );
    const [zulu, mango, berry] = [await trackOf('Zulu'), await trackOf('Mango'), await trackOf('Berry')];
    await sql`insert into plays (track_id, user_id, played_at, duration_played_ms)
      select case when g % 2 = 0 then ${zulu}::bigint else ${mango}::bigint end, ${viewer}::int,
             now() + make_interval(secs => g), 60000
        from generate_series(1, 30) g`.execute(t.deps.db);
    await sql`insert into plays (track_id, user_id, played_at, duration_played_ms)
      values (${berry}, ${viewer}, now() + interval '1 hour', 60000),
             (${mango}, ${viewer}, now() + interval '1 hour', 60000)`.execute(t.deps.db);
    const expected = await reference(sql`
      select t.album_id as id from plays p join tracks t on t.id = p.track_id
       where p.user_id = ${viewer} and t.album_id is not null
       group by t.album_id order by max(p.played_at) desc, t.album_id`);
    expect(expected).toHaveLength(4);
    for (const size of [1, 2, 3]) expect(await paged('recent', size, 6), `size ${size}`).toEqual(expected);
  });

  it('byGenre: a large genre (walked) and a small one (sorted) page as the sort of their albums', async () => {
    for (const [genre, size, offsets] of [
      ['JAZZ', 9, [0, 9, 300, 2_160]],
      ['folk', 2, [0, 2, 4]],
    ] as const) {
      const expected = await reference(sql`
        select a.id from albums a
         where a.id in (select gl.genreable_id from genreables gl join genres g on g.id = gl.genre_id
                         where gl.genreable_type = 'album' and lower(g.name) = ${genre.toLowerCase()})
         order by lower(a.name), a.id`);
      expect(expected.length).toBeGreaterThan(2);
      if (genre === 'JAZZ') expect(expected.length).toBeGreaterThan(2_000);
      for (const offset of offsets) {
        const page = await albumList(t.deps.db, viewer, 'byGenre', { genre }, { size, offset });
        expect(idsOf(page), `${genre} at ${offset}`).toEqual(expected.slice(offset, offset + size));
      }
    }
    expect(await albumList(t.deps.db, viewer, 'byGenre', { genre: 'polka' }, { size: 5, offset: 0 })).toEqual(
      [],
    );
  });

  it('random: distinct albums, as many as asked; all of them when asked for more', async () => {
    const some = idsOf(await albumList(t.deps.db, viewer, 'random', {}, { size: 40, offset: 0 }));
    expect(new Set(some).size).toBe(40);
    const all = idsOf(await albumList(t.deps.db, viewer, 'random', {}, { size: total + 10, offset: 0 }));
    expect(all).toHaveLength(total);
    expect(new Set(all).size).toBe(total);
  });
});

describe('search3 songs', () => {
  it('pages by name then id, listed tracks only', async () => {
    await t.deps.db
      .insertInto('tracks')
      .values([
        { name: 'same', slug: 's1', visibility: 'public' },
        { name: 'same', slug: 's2', visibility: 'public' },
        { name: 'hidden same', slug: 's3', visibility: 'private', owner_id: other },
        { name: 'unlisted same', slug: 's4', visibility: 'unlisted', owner_id: other },
        { name: 'mine same', slug: 's5', visibility: 'private', owner_id: viewer },
        { name: 'Café Noir', slug: 's6', visibility: 'public' },
      ])
      .execute();
    const expected = await reference(sql`
      select t.id from tracks t where (t.visibility = 'public' or t.owner_id = ${viewer}) order by t.name, t.id`);
    const pages: number[] = [];
    for (let offset = 0; offset < expected.length + 2; offset += 2)
      pages.push(...idsOf(await searchSongs(t.deps.db, viewer, '', { size: 2, offset })));
    expect(pages).toEqual(expected);
    // A page the name-order walk fills, and one it cannot (the trigram index's way): same rows.
    const one = async (offset: number) =>
      (await searchSongs(t.deps.db, viewer, 'SAME', { size: 1, offset })).map((row) => row.name);
    expect([...(await one(0)), ...(await one(1)), ...(await one(2)), ...(await one(3))]).toEqual([
      'mine same',
      'same',
      'same',
    ]);
    const found = await searchSongs(t.deps.db, viewer, 'SAME', { size: 10, offset: 0 });
    expect(found.map((row) => row.name)).toEqual(['mine same', 'same', 'same']);
    expect(
      (await searchSongs(t.deps.db, viewer, 'café', { size: 10, offset: 0 })).map((row) => row.name),
    ).toEqual(['Café Noir']);
    expect(await searchSongs(t.deps.db, viewer, 'cafe', { size: 10, offset: 0 })).toEqual([]);
    expect(await searchSongs(t.deps.db, viewer, '%', { size: 10, offset: 0 })).toEqual([]);
  });
});
