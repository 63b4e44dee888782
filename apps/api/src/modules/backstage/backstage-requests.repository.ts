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

/** A notification batch must stay well under PostgreSQL's parameter limit (notifications README). */
const MAX_REVIEWERS = 2000;

/**
 * Users who can decide on requests: `backstageRequests.update` or `admin`, granted to them or to
 * one of their roles (plans never grant reviewing). Banned users are left out.
 */
export async function reviewerIds(db: Db): Promise<number[]> {
  const rows = await db
    .selectFrom('users as u')
    .select('u.id')
    .where('u.banned_at', 'is', null)
    .where((eb) =>
      eb.exists(
        eb
          .selectFrom('permissionables as pa')
          .innerJoin('permissions as p', 'p.id', 'pa.permission_id')
          .select(eb.lit(1).as('one'))
          .where('p.name', 'in', ['backstageRequests.update', 'admin'])
          .where((inner) =>
            inner.or([
              inner.and([
                inner('pa.permissionable_type', '=', 'user'),
                inner('pa.permissionable_id', '=', inner.ref('u.id')),
              ]),
              inner.and([
                inner('pa.permissionable_type', '=', 'role'),
                inner(
                  'pa.permissionable_id',
                  'in',
                  inner
                    .selectFrom('user_role as ur')
                    .select('ur.role_id')
                    .whereRef('ur.user_id', '=', 'u.id'),
                ),
              ]),
            ]),
          ),
      ),
    )
    .orderBy('u.id')
    .limit(MAX_REVIEWERS)
    .execute();
  return rows.map((row) => Number(row.id));
}

/** How many requests wait for a decision and the oldest `limit` of them with their requesters. */
export async function pendingRequests(db: Db, limit: number) {
  const [count, oldest] = await Promise.all([
    db
      .selectFrom('backstage_requests')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('status', '=', 'pending')
      .executeTakeFirst(),
    db
      .selectFrom('backstage_requests as r')
      .innerJoin('users as u', 'u.id', 'r.user_id')
      .select(['r.id', 'r.type', 'r.artist_name', 'r.created_at', 'u.id as user_id', 'u.name', 'u.email'])
      .where('r.status', '=', 'pending')
      .orderBy('r.created_at')
      .orderBy('r.id')
      .limit(limit)
      .execute(),
  ]);
  return { total: Number(count?.n ?? 0), oldest };
}
