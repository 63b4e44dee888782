import {
  ADMIN_TOTAL_CAP,
  type TAdminAlbumRow,
  type TAdminArtistRow,
  type TAdminCatalogueQuery,
  type TAdminTrackRow,
  type TKeysetPage,
} from '@cadence/contracts/admin-catalogue';
import type { Kysely } from 'kysely';
import type { Database } from '../../platform/db/schema';
import { decodeCursor, encodeCursor } from '../../platform/db/seek-cursor';
import { ALBUMS_TABLE } from './admin-albums.repository';
import { ARTISTS_TABLE } from './admin-artists.repository';
import { type AdminTable, adminWhere, keysetRows } from './admin-keyset.repository';
import { albumRows, artistRows, trackRows } from './admin-rows';
import { TRACKS_TABLE } from './admin-tracks.repository';
import { SORT_TYPES } from './keyset-cursor';

type Db = Kysely<Database>;

/**
 * One keyset page of ids: one row more than asked tells whether a next page exists, and the
 * count, read up to ADMIN_TOTAL_CAP + 1, says whether the total shown is capped.
 */
async function idPage(db: Db, table: AdminTable, q: TAdminCatalogueQuery): Promise<TKeysetPage<number>> {
  const { rows, count } = await keysetRows(db, {
    table,
    where: adminWhere(table, q),
    spec: { expr: table.sort[q.orderBy], type: SORT_TYPES[q.orderBy] },
    dir: q.orderDir,
    cursor: decodeCursor(q.cursor),
    limit: q.perPage + 1,
  });
  const data = rows.slice(0, q.perPage);
  const last = data.at(-1);
  return {
    pagination: {
      data: data.map((row) => Number(row.id)),
      per_page: q.perPage,
      total: Math.min(count, ADMIN_TOTAL_CAP),
      total_capped: count > ADMIN_TOTAL_CAP,
      next_cursor:
        rows.length > q.perPage && last ? encodeCursor({ key: last.sort_key, id: Number(last.id) }) : null,
    },
  };
}

async function withRows<Row>(page: TKeysetPage<number>, rows: (ids: number[]) => Promise<Row[]>) {
  return { pagination: { ...page.pagination, data: await rows(page.pagination.data) } };
}

/** The admin's tracks, albums and artists tables: search, filters, sort, keyset pages. */
export const adminCatalogue = {
  tracks: async (db: Db, q: TAdminCatalogueQuery): Promise<TKeysetPage<TAdminTrackRow>> =>
    withRows(await idPage(db, TRACKS_TABLE, q), (ids) => trackRows(db, ids)),
  albums: async (db: Db, q: TAdminCatalogueQuery): Promise<TKeysetPage<TAdminAlbumRow>> =>
    withRows(await idPage(db, ALBUMS_TABLE, q), (ids) => albumRows(db, ids)),
  artists: async (db: Db, q: TAdminCatalogueQuery): Promise<TKeysetPage<TAdminArtistRow>> =>
    withRows(await idPage(db, ARTISTS_TABLE, q), (ids) => artistRows(db, ids)),
};
