import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app';
import { runBackfills } from './migrate';
import { BACKFILL, down, up } from './migrations/2026-11-30T03-00_denormalise-track-genre-and-tag-ids';

let t: TestApp;
let trackIds: number[];
let genreIds: number[];
let tagId: number;
beforeAll(async () => {
  t = await createTestApp();
  const db = t.deps.db;
  trackIds = [];
  for (const name of ['Link One', 'Link Two'])
    trackIds.push(
      (
        await db
          .insertInto('tracks')
          .values({ name, slug: name.toLowerCase().replace(' ', '-') })
          .returning('id')
          .executeTakeFirstOrThrow()
      ).id,
    );
  genreIds = [];
  for (const name of ['link-genre-a', 'link-genre-b', 'link-genre-c'])
    genreIds.push(
      (await db.insertInto('genres').values({ name }).returning('id').executeTakeFirstOrThrow()).id,
    );
  tagId = (
    await db
      .insertInto('tags')
      .values({ name: 'link-tag', type: 'genre' })
      .returning('id')
      .executeTakeFirstOrThrow()
  ).id;
}, 60_000);
afterAll(async () => t?.close());

/** Each test track's genre and tag ids, as numbers. */
async function idsOnTracks(): Promise<{ genres: number[]; tags: number[] }[]> {
  const rows = await sql<{ genre_ids: (string | number)[]; tag_ids: (string | number)[] }>`
    select genre_ids, tag_ids from tracks where id = any(${trackIds}::bigint[]) order by id`.execute(
    t.deps.db,
  );
  return rows.rows.map((row) => ({ genres: row.genre_ids.map(Number), tags: row.tag_ids.map(Number) }));
}

const [one, two] = [0, 1];

describe('migration 2026-11-30T03-00 denormalise-track-genre-and-tag-ids', () => {
  it('keeps the ids on tracks through inserts, updates, deletes and truncation of the links', async () => {
    const db = t.deps.db;
    const [a, b, c] = genreIds as [number, number, number];
    const trackOne = trackIds[one] as number;
    const trackTwo = trackIds[two] as number;
    await db
      .insertInto('genreables')
      .values([
        { genre_id: b, genreable_type: 'track', genreable_id: trackOne },
        { genre_id: a, genreable_type: 'track', genreable_id: trackOne },
        { genre_id: c, genreable_type: 'track', genreable_id: trackTwo },
        // An album's link with the same id as a track changes no track.
        { genre_id: c, genreable_type: 'album', genreable_id: trackOne },
      ])
      .execute();
    await db
      .insertInto('taggables')
      .values({ tag_id: tagId, taggable_type: 'track', taggable_id: trackTwo })
      .execute();
    expect(await idsOnTracks()).toEqual([
      { genres: [a, b], tags: [] },
      { genres: [c], tags: [tagId] },
    ]);

    // A merge moves links from one genre to another; a link can move from one track to another.
    await db.updateTable('genreables').set({ genre_id: c }).where('genre_id', '=', b).execute();
    await db
      .updateTable('genreables')
      .set({ genreable_id: trackTwo })
      .where('genre_id', '=', a)
      .where('genreable_type', '=', 'track')
      .execute();
    expect(await idsOnTracks()).toEqual([
      { genres: [c], tags: [] },
      { genres: [a, c], tags: [tagId] },
    ]);

    // Deleting a genre cascades to its links.
    await db.deleteFrom('genres').where('id', '=', c).execute();
    await db.deleteFrom('taggables').where('tag_id', '=', tagId).execute();
    expect(await idsOnTracks()).toEqual([
      { genres: [], tags: [] },
      { genres: [a], tags: [] },
    ]);

    await sql`truncate genreables`.execute(db);
    expect(await idsOnTracks()).toEqual([
      { genres: [], tags: [] },
      { genres: [], tags: [] },
    ]);
  });

  it('leaves the ids of the tracks already there to the backfill, which fills them range by range from where it stopped; down removes the column', async () => {
    const db = t.deps.db;
    const [a, b] = genreIds as [number, number];
    const trackOne = trackIds[one] as number;
    const trackTwo = trackIds[two] as number;
    await db
      .insertInto('genreables')
      .values([
        { genre_id: b, genreable_type: 'track', genreable_id: trackOne },
        { genre_id: a, genreable_type: 'track', genreable_id: trackOne },
        { genre_id: a, genreable_type: 'track', genreable_id: trackTwo },
      ])
      .execute();
    await db
      .insertInto('taggables')
      .values({ tag_id: tagId, taggable_type: 'track', taggable_id: trackTwo })
      .execute();
    await down(db);
    const columns = await sql<{ column_name: string }>`
      select column_name from information_schema.columns
      where table_name = 'tracks' and column_name in ('genre_ids', 'tag_ids')`.execute(db);
    expect(columns.rows).toEqual([]);
    await up(db);
    expect(await idsOnTracks()).toEqual([
      { genres: [], tags: [] },
      { genres: [], tags: [] },
    ]);

    // As after a restart part way: the ranges up to the first track were saved as done.
    await sql`update data_backfills set after_id = ${trackOne} where name = ${BACKFILL}`.execute(db);
    await runBackfills(db, 1_000);
    expect(await idsOnTracks()).toEqual([
      { genres: [], tags: [] },
      { genres: [a], tags: [tagId] },
    ]);
    const { rows } = await sql`select name from data_backfills`.execute(db);
    expect(rows).toEqual([]);

    // From the start, in ranges of one track id: every track, and a second run changes nothing.
    await sql`insert into data_backfills (name, after_id) values (${BACKFILL}, ${trackOne - 1})`.execute(db);
    await runBackfills(db, 1);
    await runBackfills(db, 1);
    expect(await idsOnTracks()).toEqual([
      { genres: [a, b], tags: [] },
      { genres: [a], tags: [tagId] },
    ]);
  });
});
