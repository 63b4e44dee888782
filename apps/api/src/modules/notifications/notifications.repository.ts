import type { TNotification, TNotificationData } from '@cadence/contracts/notification';
import { type Kysely, type Selectable, sql } from 'kysely';
import type { Database } from '../../platform/db/schema';
import type { NotificationsTable } from './notifications.tables';

type Db = Kysely<Database>;
type Row = Selectable<NotificationsTable>;
/** The id is made by the caller, so each returned row finds its notice again. */
export type NewNotification = { id: string; userId: number; type: string; data: TNotificationData };
export type InsertedNotification = { notification: TNotification; unreadCount: number };

export function toNotificationDto(
  row: Pick<Row, 'id' | 'type' | 'data' | 'read_at' | 'created_at'>,
): TNotification {
  return {
    id: row.id,
    type: row.type,
    data: row.data as TNotificationData,
    read_at: row.read_at ? new Date(row.read_at).toISOString() : null,
    created_at: new Date(row.created_at).toISOString(),
  };
}

/** The rows and the users' unread counters, always changed together in one statement. */
/**
 * Inserts every row and bumps each user's unread counter by its rows, in one statement. Each row
 * answers the user's count right after it (its place among the user's rows in this batch), as if
 * the rows had been inserted one by one. Rows of users that are gone are not written.
 */
export async function insertMany(
  db: Db,
  rows: readonly NewNotification[],
): Promise<Map<string, InsertedNotification>> {
  if (rows.length === 0) return new Map();
  const values = rows.map(
    (row, ordinal) =>
      sql`(${ordinal}::int, ${row.id}::uuid, ${row.userId}::int, ${row.type}::text, ${JSON.stringify(row.data)}::jsonb)`,
  );
  const result = await sql<Row & { unread_count: number }>`
    with input (ordinal, id, user_id, type, data) as (
      values ${sql.join(values)}
    ), locked as materialized (
      -- The users' rows are locked in id order before the counters change, so two batches
      -- sharing users wait for each other instead of deadlocking.
      select id from users where id in (select user_id from input) order by id for no key update
    ), inserted as (
      -- A microsecond apart in the batch's order: the list (newest first) keeps the order of
      -- the notices, as separate statements would.
      insert into notifications (id, user_id, type, data, created_at)
      select input.id, input.user_id, input.type, input.data, now() + input.ordinal * interval '1 microsecond'
      from input join locked on locked.id = input.user_id
      returning *
    ), counted as (
      update users set unread_notifications_count = users.unread_notifications_count + added.new_rows
      from (select user_id, count(*)::int as new_rows from inserted group by user_id) as added
      where users.id = added.user_id
      returning users.id, users.unread_notifications_count
    )
    select inserted.*,
      (counted.unread_notifications_count
        - count(*) over (partition by inserted.user_id)
        + row_number() over (partition by inserted.user_id order by input.ordinal))::int as unread_count
    from inserted
    join input on input.id = inserted.id
    join counted on counted.id = inserted.user_id`.execute(db);
  return new Map(
    result.rows.map((row) => [
      row.id,
      { notification: toNotificationDto(row), unreadCount: Number(row.unread_count) },
    ]),
  );
}

export async function page(db: Db, userId: number, page: number, perPage: number) {
  const [rows, total] = await Promise.all([
    db
      .selectFrom('notifications')
      .select(['id', 'type', 'data', 'read_at', 'created_at'])
      .where('user_id', '=', userId)
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .limit(perPage)
      .offset((page - 1) * perPage)
      .execute(),
    db
      .selectFrom('notifications')
      .select(sql<number>`count(*)::int`.as('total'))
      .where('user_id', '=', userId)
      .executeTakeFirstOrThrow(),
  ]);
  return { rows: rows.map(toNotificationDto), total: Number(total.total) };
}

/**
 * Marks every unread row of the user and zeroes the counter in one statement (spec 7: "0 sets
 * the user's unread count to 0"); returns the new count.
 */
export async function markAllRead(db: Db, userId: number): Promise<number> {
  const result = await sql<{ unread_notifications_count: number }>`
    with marked as (
      update notifications set read_at = now() where user_id = ${userId} and read_at is null returning 1
    )
    update users set unread_notifications_count = 0
    -- A data-modifying CTE always runs to completion, referenced or not.
    where id = ${userId}
    returning unread_notifications_count`.execute(db);
  return Number(result.rows[0]?.unread_notifications_count ?? 0);
}

/** Marks only the user's own rows among `ids` (others' ids match nothing) and recounts. */
export async function markRead(db: Db, userId: number, ids: readonly string[]): Promise<number> {
  const result = await sql<{ unread_notifications_count: number }>`
    with marked as (
      update notifications set read_at = now()
      where user_id = ${userId} and read_at is null and id in (${sql.join(ids.map((id) => sql`${id}::uuid`))})
      returning 1
    )
    update users set unread_notifications_count = greatest(0, unread_notifications_count - (select count(*) from marked))
    where id = ${userId}
    returning unread_notifications_count`.execute(db);
  return Number(result.rows[0]?.unread_notifications_count ?? 0);
}

/** Deletes one of the user's own rows; false when it is not theirs or does not exist. */
export async function remove(
  db: Db,
  userId: number,
  id: string,
): Promise<{ isDeleted: boolean; unreadCount: number }> {
  const result = await sql<{ unread_notifications_count: number; deleted: number }>`
    with deleted as (
      delete from notifications where user_id = ${userId} and id = ${id}::uuid returning read_at
    )
    update users set unread_notifications_count = greatest(0, unread_notifications_count - (select count(*) from deleted where read_at is null))
    where id = ${userId}
    returning unread_notifications_count, (select count(*) from deleted)::int as deleted`.execute(db);
  const row = result.rows[0];
  return {
    isDeleted: Number(row?.deleted ?? 0) > 0,
    unreadCount: Number(row?.unread_notifications_count ?? 0),
  };
}
