import type { TAdminFilesQuery } from '@cadence/contracts/admin-files';
import { type Kysely, sql, type Transaction } from 'kysely';
import { adminPage, searchColumns } from '../../platform/db/admin-list';
import type { Database } from '../../platform/db/schema';

type Db = Kysely<Database> | Transaction<Database>;

const SORTABLE = {
  name: 'file_entries.name',
  file_size: 'file_entries.file_size',
  created_at: 'file_entries.created_at',
  deleted_at: 'file_entries.deleted_at',
};

const KIND_PREFIX = { image: 'image/', audio: 'audio/', video: 'video/' } as const;

/** The admin's files page: every entry (trashed too) with its owner; storage used per disk. */
/** The owner's address is searched only with `searchesAddresses` (else it would confirm one). */
export async function page(db: Db, params: TAdminFilesQuery, searchesAddresses: boolean) {
  let base = db.selectFrom('file_entries').leftJoin('users', 'users.id', 'file_entries.owner_id');
  if (params.query) {
    const columns = [
      'file_entries.name',
      'file_entries.client_name',
      ...(searchesAddresses ? ['users.email'] : []),
    ];
    base = base.where(searchColumns(columns, params.query));
  }
  if (params.disk) base = base.where('file_entries.disk', '=', params.disk);
  if (params.trashed !== undefined)
    base = base.where('file_entries.deleted_at', params.trashed ? 'is not' : 'is', null);
  if (params.kind === 'other') {
    base = base.where((eb) =>
      eb.and(Object.values(KIND_PREFIX).map((prefix) => eb('file_entries.mime', 'not like', `${prefix}%`))),
    );
  } else if (params.kind) {
    base = base.where('file_entries.mime', 'like', `${KIND_PREFIX[params.kind]}%`);
  }
  return adminPage(
    base,
    params,
    { sortable: SORTABLE, defaultOrderBy: 'created_at', tieBreaker: 'file_entries.id' },
    (query) =>
      query.selectAll('file_entries').select(['users.name as owner_name', 'users.email as owner_email']),
  );
}

export async function findByIds(db: Db, ids: number[]) {
  if (ids.length === 0) return [];
  return db.selectFrom('file_entries').selectAll().where('id', 'in', ids).execute();
}

export async function trash(db: Db, ids: number[]): Promise<number> {
  if (ids.length === 0) return 0;
  const result = await db
    .updateTable('file_entries')
    .set({ deleted_at: new Date(), updated_at: new Date() })
    .where('id', 'in', ids)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

export async function restore(db: Db, ids: number[]): Promise<number> {
  if (ids.length === 0) return 0;
  const result = await db
    .updateTable('file_entries')
    .set({ deleted_at: null, updated_at: new Date() })
    .where('id', 'in', ids)
    .where('deleted_at', 'is not', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

export async function usage(db: Db) {
  return db
    .selectFrom('file_entries')
    .select([
      'disk',
      'driver',
      sql<number>`count(*) filter (where deleted_at is null)::int`.as('files'),
      sql<string>`coalesce(sum(file_size) filter (where deleted_at is null), 0)`.as('bytes'),
      sql<number>`count(*) filter (where deleted_at is not null)::int`.as('trashed_files'),
      sql<string>`coalesce(sum(file_size) filter (where deleted_at is not null), 0)`.as('trashed_bytes'),
    ])
    .groupBy(['disk', 'driver'])
    .orderBy('disk')
    .execute();
}
