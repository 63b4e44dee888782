import type { TPlaylistCreate } from '@cadence/contracts/playlist';
import { type Kysely, type Selectable, sql, type Transaction } from 'kysely';
import type { Database } from '../../platform/db/schema';
import { catalogueChanged } from '../catalogue/catalogue-invalidation';
import { deleteLinks } from '../catalogue/catalogue-links.repository';
import { nameMatches, paginate } from '../catalogue/catalogue-query.repository';
import { slugify, withSlug } from '../catalogue/catalogue-utils';
import type { PlaylistsTable } from './playlists.tables';

type Db = Kysely<Database>;
export type PlaylistRow = Selectable<PlaylistsTable>;
type PageOptions = { page: number; perPage: number };
type Order = { column: `playlists.${string}`; direction: 'asc' | 'desc' };

/** jsonb is written as its text; `undefined` leaves the stored rules as they are. */
const smartRulesColumn = ({ smart_rules }: Partial<TPlaylistCreate>) =>
  smart_rules === undefined ? {} : { smart_rules: smart_rules ? JSON.stringify(smart_rules) : null };

const withoutRules = ({ smart_rules: _, ...rest }: Partial<TPlaylistCreate>) => rest;

// Every query of playlists, their tracks and their editors.

/** Appends or reorders hold this row lock so positions stay unique and dense. */
const lockPlaylist = (trx: Kysely<Database>, id: number) =>
  trx.selectFrom('playlists').select('id').where('id', '=', id).forUpdate().execute();
const touch = (trx: Kysely<Database>, id: number) =>
  trx.updateTable('playlists').set({ updated_at: new Date() }).where('id', '=', id).execute();
/**
 * A write's own transaction, or the caller's when `db` is one (Kysely does not nest them): a
 * Subsonic `createPlaylist` replaces name and songs as one change.
 */
const inTransaction = <T>(db: Db, write: (trx: Transaction<Database>) => Promise<T>): Promise<T> =>
  db.isTransaction ? write(db as Transaction<Database>) : db.transaction().execute(write);
/** Every write below drops the playlist's cached page once it committed. */
const changing = async <T>(db: Db, id: number, write: Promise<T>): Promise<T> => {
  const result = await write;
  await catalogueChanged(db, { playlists: [id] });
  return result;
};

export function find(db: Db, id: number) {
  return db.selectFrom('playlists').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function isEditor(db: Db, userId: number, playlistId: number): Promise<boolean> {
  const row = await db
    .selectFrom('playlist_editor')
    .select('user_id')
    .where('playlist_id', '=', playlistId)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return !!row;
}

export function editorsOf(db: Db, ids: number[]) {
  return db
    .selectFrom('playlist_editor')
    .select(['playlist_id', 'user_id'])
    .where('playlist_id', 'in', ids)
    .execute();
}

/** The visible tracks of one playlist in order, with their position and when they were added. */
export function tracksOf(db: Db, playlistId: number, limit: number) {
  return db
    .selectFrom('playlist_track as pt')
    .innerJoin('tracks', 'tracks.id', 'pt.track_id')
    .selectAll('tracks')
    .select(['pt.position', 'pt.added_at'])
    .where('pt.playlist_id', '=', playlistId)
    .where('tracks.visibility', '!=', 'private')
    .orderBy('pt.position')
    .limit(limit)
    .execute();
}

export function listPublic(db: Db, query: PageOptions & { query?: string }, order: Order) {
  let base = db.selectFrom('playlists').where('playlists.public', '=', true);
  if (query.query) base = base.where(nameMatches('playlists.name', query.query));
  return paginate(base, query, (q) =>
    q
      .selectAll('playlists')
      .orderBy(order.column as 'playlists.id', order.direction)
      .orderBy('playlists.id', order.direction),
  );
}

/** The user's own and collaborative playlists; `publicOnly` for other viewers. */
export function ofUser(db: Db, userId: number, publicOnly: boolean, options: PageOptions) {
  let base = db
    .selectFrom('playlists')
    .where((eb) =>
      eb.or([
        eb('playlists.owner_id', '=', userId),
        eb.exists(
          eb
            .selectFrom('playlist_editor')
            .select('playlist_editor.user_id')
            .whereRef('playlist_editor.playlist_id', '=', 'playlists.id')
            .where('playlist_editor.user_id', '=', userId),
        ),
      ]),
    );
  if (publicOnly) base = base.where('playlists.public', '=', true);
  return paginate(base, options, (q) =>
    q.selectAll('playlists').orderBy('playlists.updated_at', 'desc').orderBy('playlists.id', 'desc'),
  );
}

export async function countOwnedBy(db: Db, userId: number): Promise<number> {
  const row = await db
    .selectFrom('playlists')
    .select(sql<number>`count(*)::int`.as('n'))
    .where('owner_id', '=', userId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function insert(
  db: Db,
  ownerId: number,
  input: TPlaylistCreate,
  workspaceId: number | null = null,
) {
  const row = await db
    .insertInto('playlists')
    .values({
      name: input.name,
      slug: slugify(input.name),
      description: input.description ?? null,
      image: input.image ?? null,
      public: input.public ?? true,
      collaborative: input.collaborative ?? false,
      smart_rules: input.smart_rules ? JSON.stringify(input.smart_rules) : null,
      owner_id: ownerId,
      workspace_id: workspaceId,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  await catalogueChanged(db, { playlists: [row.id] });
  return row;
}

export function update(db: Db, id: number, input: Partial<TPlaylistCreate>) {
  return changing(
    db,
    id,
    db
      .updateTable('playlists')
      .set({ ...withSlug(withoutRules(input)), ...smartRulesColumn(input), updated_at: new Date() })
      .where('id', '=', id)
      .returningAll()
      .executeTakeFirstOrThrow(),
  );
}

export function remove(db: Db, id: number) {
  return changing(
    db,
    id,
    inTransaction(db, async (trx) => {
      await deleteLinks(trx, ['likes', 'channelables'], 'playlist', [id]);
      await trx.deleteFrom('playlists').where('id', '=', id).execute();
    }),
  );
}

/** Appends the tracks not already there, after the last position. */
export function appendTracks(db: Db, id: number, trackIds: number[], addedBy: number | null) {
  return changing(
    db,
    id,
    inTransaction(db, async (trx) => {
      await lockPlaylist(trx, id);
      const last = await trx
        .selectFrom('playlist_track')
        .select(sql<number>`coalesce(max(position), -1)::int`.as('max'))
        .where('playlist_id', '=', id)
        .executeTakeFirstOrThrow();
      const present = new Set(
        (
          await trx
            .selectFrom('playlist_track')
            .select('track_id')
            .where('playlist_id', '=', id)
            .where('track_id', 'in', trackIds)
            .execute()
        ).map((row) => row.track_id),
      );
      const fresh = trackIds.filter((trackId) => !present.has(trackId));
      if (fresh.length > 0) {
        await trx
          .insertInto('playlist_track')
          .values(
            fresh.map((track_id, index) => ({
              playlist_id: id,
              track_id,
              position: last.max + 1 + index,
              added_by: addedBy,
            })),
          )
          .execute();
      }
      await touch(trx, id);
    }),
  );
}

export function removeTracks(db: Db, id: number, trackIds: number[]) {
  return changing(
    db,
    id,
    inTransaction(db, async (trx) => {
      await trx
        .deleteFrom('playlist_track')
        .where('playlist_id', '=', id)
        .where('track_id', 'in', trackIds)
        .execute();
      await touch(trx, id);
    }),
  );
}

/**
 * Sets the order when `trackIds` names every track exactly once; false (nothing written)
 * otherwise. One statement: positions come from the array order, one round trip at any size.
 */
export function reorder(db: Db, id: number, trackIds: number[]): Promise<boolean> {
  return changing(
    db,
    id,
    inTransaction(db, async (trx) => {
      await lockPlaylist(trx, id);
      const current = await trx
        .selectFrom('playlist_track')
        .select('track_id')
        .where('playlist_id', '=', id)
        .execute();
      const currentIds = new Set(current.map((row) => row.track_id));
      if (currentIds.size !== trackIds.length || trackIds.some((trackId) => !currentIds.has(trackId))) {
        return false;
      }
      await sql`
      update playlist_track pt set position = o.ord - 1
        from unnest(${sql.val(trackIds)}::bigint[]) with ordinality as o(track_id, ord)
       where pt.playlist_id = ${id} and pt.track_id = o.track_id
    `.execute(trx);
      await touch(trx, id);
      return true;
    }),
  );
}

export function addEditor(db: Db, playlistId: number, userId: number) {
  return changing(
    db,
    playlistId,
    db
      .insertInto('playlist_editor')
      .values({ playlist_id: playlistId, user_id: userId })
      .onConflict((oc) => oc.columns(['playlist_id', 'user_id']).doNothing())
      .execute(),
  );
}

export function removeEditor(db: Db, playlistId: number, userId: number) {
  return changing(
    db,
    playlistId,
    db
      .deleteFrom('playlist_editor')
      .where('playlist_id', '=', playlistId)
      .where('user_id', '=', userId)
      .execute(),
  );
}

export async function countPublicPlaylistsOf(db: Db, ownerId: number): Promise<number> {
  const { n } = await db
    .selectFrom('playlists')
    .select(sql<number>`count(*)::int`.as('n'))
    .where('owner_id', '=', ownerId)
    .where('public', '=', true)
    .executeTakeFirstOrThrow();
  return Number(n);
}
