import type { TNotification, TNotificationData } from '@cadence/contracts/notification';
import { type Kysely, type Selectable, sql } from 'kysely';
import type { Database } from '../../platform/db/schema';
import type { NotificationsTable } from './notifications.tables';

type Db = Kysely<Database>;
type Row = Selectable<NotificationsTable>;

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
export const notificationsRepository = {
  /** Inserts the row and bumps the user's unread counter in one statement; null when the user is gone. */
  async insert(db: Db, userId: number, type: string, data: TNotificationData) {
    const result = await sql<Row & { unread_count: number }>`
      with inserted as (
        insert into notifications (user_id, type, data)
        select id, ${type}, ${JSON.stringify(data)}::jsonb from users where id = ${userId}
        returning *
      ), counted as (
        update users set unread_notifications_count = unread_notifications_count + 1
        where id = ${userId} and exists (select 1 from inserted)
        returning unread_notifications_count
      )
      select inserted.*, counted.unread_notifications_count as unread_count from inserted, counted`.execute(
      db,
    );
    const row = result.rows[0];
    return row ? { notification: toNotificationDto(row), unreadCount: Number(row.unread_count) } : null;
  },

  async page(db: Db, userId: number, page: number, perPage: number) {
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
  },

  /**
   * Marks every unread row of the user and zeroes the counter in one statement (spec 7: "0 sets
   * the user's unread count to 0"); returns the new count.
   */
  async markAllRead(db: Db, userId: number): Promise<number> {
    const result = await sql<{ unread_notifications_count: number }>`
      with marked as (
        update notifications set read_at = now() where user_id = ${userId} and read_at is null returning 1
      )
      update users set unread_notifications_count = 0
      -- A data-modifying CTE always runs to completion, referenced or not.
      where id = ${userId}
      returning unread_notifications_count`.execute(db);
    return Number(result.rows[0]?.unread_notifications_count ?? 0);
  },

  /** Marks only the user's own rows among `ids` (others' ids match nothing) and recounts. */
  async markRead(db: Db, userId: number, ids: readonly string[]): Promise<number> {
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
  },

  /** Deletes one of the user's own rows; false when it is not theirs or does not exist. */
  async remove(db: Db, userId: number, id: string): Promise<{ isDeleted: boolean; unreadCount: number }> {
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
  },
};
