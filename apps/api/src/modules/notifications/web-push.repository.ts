import type { TPushSubscription } from '@cadence/contracts/notification';
import type { Kysely } from 'kysely';
import type { Database } from '../../platform/db/schema';

type Db = Kysely<Database>;

/** The site's one VAPID key pair (private key encrypted), if made yet. */
export function findVapidKeys(db: Db) {
  return db.selectFrom('web_push_keys').selectAll().where('id', '=', 1).executeTakeFirst();
}

/** Stores the pair unless one exists: two replicas starting together keep the first. */
export async function insertVapidKeysOnce(db: Db, keys: { publicKey: string; encryptedPrivateKey: string }) {
  await db
    .insertInto('web_push_keys')
    .values({ id: 1, public_key: keys.publicKey, private_key: keys.encryptedPrivateKey })
    .onConflict((oc) => oc.column('id').doNothing())
    .execute();
}

/** Saves the browser's subscription; an endpoint already stored moves to this user. */
export async function saveSubscription(
  db: Db,
  userId: number,
  subscription: TPushSubscription,
): Promise<void> {
  const keys = { p256dh: subscription.keys.p256dh, auth: subscription.keys.auth };
  await db
    .insertInto('push_subscriptions')
    .values({ user_id: userId, endpoint: subscription.endpoint, ...keys })
    .onConflict((oc) => oc.column('endpoint').doUpdateSet({ user_id: userId, ...keys }))
    .execute();
}

export async function deleteSubscription(db: Db, userId: number, endpoint: string): Promise<void> {
  await db
    .deleteFrom('push_subscriptions')
    .where('user_id', '=', userId)
    .where('endpoint', '=', endpoint)
    .execute();
}

export async function hasSubscriptions(db: Db, userId: number): Promise<boolean> {
  const row = await db
    .selectFrom('push_subscriptions')
    .select('id')
    .where('user_id', '=', userId)
    .limit(1)
    .executeTakeFirst();
  return Boolean(row);
}

/** Which of these users have at least one browser subscribed, in one statement. */
export async function usersWithSubscriptions(db: Db, userIds: readonly number[]): Promise<Set<number>> {
  if (userIds.length === 0) return new Set();
  const rows = await db
    .selectFrom('push_subscriptions')
    .select('user_id')
    .distinct()
    .where('user_id', 'in', [...new Set(userIds)])
    .execute();
  return new Set(rows.map((row) => row.user_id));
}

export function subscriptionsOf(db: Db, userId: number) {
  return db.selectFrom('push_subscriptions').selectAll().where('user_id', '=', userId).execute();
}

export async function deleteSubscriptionById(db: Db, id: number): Promise<void> {
  await db.deleteFrom('push_subscriptions').where('id', '=', id).execute();
}
