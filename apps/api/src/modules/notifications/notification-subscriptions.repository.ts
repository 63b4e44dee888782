import type { TPreferenceChannel } from '@cadence/contracts/notification';
import type { Kysely } from 'kysely';
import type { Database } from '../../platform/db/schema';

type Db = Kysely<Database>;
export type Channels = Partial<Record<TPreferenceChannel, boolean>>;

export function storedChannels(db: Db, userId: number) {
  return db
    .selectFrom('notification_subscriptions')
    .select(['notif_id', 'channels'])
    .where('user_id', '=', userId)
    .execute();
}

/** Merges each selection into the stored channels (others keep theirs), in one transaction. */
export async function mergeChannels(
  db: Db,
  userId: number,
  selections: readonly { notif_id: string; channels: Channels }[],
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    for (const selection of selections) {
      const current = await trx
        .selectFrom('notification_subscriptions')
        .select('channels')
        .where('user_id', '=', userId)
        .where('notif_id', '=', selection.notif_id)
        .forUpdate()
        .executeTakeFirst();
      const channels = JSON.stringify({ ...(current?.channels ?? {}), ...selection.channels });
      await trx
        .insertInto('notification_subscriptions')
        .values({ user_id: userId, notif_id: selection.notif_id, channels })
        .onConflict((oc) => oc.columns(['user_id', 'notif_id']).doUpdateSet({ channels }))
        .execute();
    }
  });
}

/**
 * The stored channels of these users for these types, in one statement: `${userId}:${notifId}` ->
 * channels. Pairs nobody chose are absent (every channel on).
 */
export async function channelsForMany(
  db: Db,
  userIds: readonly number[],
  notifIds: readonly string[],
): Promise<Map<string, Channels>> {
  if (userIds.length === 0 || notifIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('notification_subscriptions')
    .select(['user_id', 'notif_id', 'channels'])
    .where('user_id', 'in', [...new Set(userIds)])
    .where('notif_id', 'in', [...new Set(notifIds)])
    .execute();
  return new Map(rows.map((row) => [channelsKey(row.user_id, row.notif_id), row.channels]));
}

export const channelsKey = (userId: number, notifId: string) => `${userId}:${notifId}`;
