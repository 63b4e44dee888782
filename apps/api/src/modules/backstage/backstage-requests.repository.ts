import type { TBackstageRequestListQuery } from '@cadence/contracts/backstage';
import type { Insertable, Kysely, Transaction, Updateable } from 'kysely';
import { searchColumns } from '../../platform/db/admin-list';
import type { Database } from '../../platform/db/schema';
import type { BackstageRequestsTable } from '../artists/backstage-requests.tables';

type Db = Kysely<Database>;
type Trx = Transaction<Database>;

export function findRequest(db: Db, id: number) {
  return db.selectFrom('backstage_requests').selectAll().where('id', '=', id).executeTakeFirst();
}

/** The request, locked until the transaction ends (one decision at a time). */
export function findRequestForUpdate(trx: Trx, id: number) {
  return trx.selectFrom('backstage_requests').selectAll().where('id', '=', id).forUpdate().executeTakeFirst();
}

/** Locks the requester's user row: concurrent submissions of one user run one after the other. */
export async function lockRequester(trx: Trx, userId: number): Promise<void> {
  await trx.selectFrom('users').select('id').where('id', '=', userId).forUpdate().execute();
}

export async function hasPendingRequest(
  trx: Trx,
  userId: number,
  type: BackstageRequestsTable['type'],
): Promise<boolean> {
  const row = await trx
    .selectFrom('backstage_requests')
    .select('id')
    .where('user_id', '=', userId)
    .where('type', '=', type)
    .where('status', '=', 'pending')
    .executeTakeFirst();
  return !!row;
}

export function insertRequest(trx: Trx, values: Insertable<BackstageRequestsTable>) {
  return trx.insertInto('backstage_requests').values(values).returningAll().executeTakeFirstOrThrow();
}

/**
 * The filtered list (status, type, search over artist name and requester) before it is paged.
 * The requester's address is searched only with `searchesAddresses` (else it would confirm one).
 */
export function requestListQuery(db: Db, query: TBackstageRequestListQuery, searchesAddresses: boolean) {
  let base = db.selectFrom('backstage_requests as r').innerJoin('users as u', 'u.id', 'r.user_id');
  if (query.status) base = base.where('r.status', '=', query.status);
  if (query.type) base = base.where('r.type', '=', query.type);
  if (query.query) {
    const columns = ['r.artist_name', 'u.name', ...(searchesAddresses ? ['u.email'] : [])];
    base = base.where(searchColumns(columns, query.query));
  }
  return base;
}

export function updateRequest(trx: Trx, id: number, values: Updateable<BackstageRequestsTable>) {
  return trx
    .updateTable('backstage_requests')
    .set(values)
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** Closes the request if it is still pending; undefined when it was not. */
export function closePendingRequest(trx: Trx, id: number, values: Updateable<BackstageRequestsTable>) {
  return trx
    .updateTable('backstage_requests')
    .set(values)
    .where('id', '=', id)
    .where('status', '=', 'pending')
    .returningAll()
    .executeTakeFirst();
}

/** Adds the user to the first role flagged for artists, if there is one. */
export async function grantArtistRole(trx: Trx, userId: number): Promise<void> {
  const artistRole = await trx
    .selectFrom('roles')
    .select('id')
    .where('artists', '=', true)
    .orderBy('id')
    .executeTakeFirst();
  if (!artistRole) return;
  await trx
    .insertInto('user_role')
    .values({ user_id: userId, role_id: artistRole.id })
    .onConflict((oc) => oc.columns(['user_id', 'role_id']).doNothing())
    .execute();
}

/** The user's own requests, newest first (the backstage home lists them). */
export function recentRequestsOf(db: Db, userId: number) {
  return db
    .selectFrom('backstage_requests')
    .select(['id', 'type', 'status', 'created_at'])
    .where('user_id', '=', userId)
    .orderBy('created_at', 'desc')
    .limit(20)
    .execute();
}
