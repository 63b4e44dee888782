import type { Kysely } from 'kysely';
import type { Database } from '../../platform/db/schema';

type Db = Kysely<Database>;
type NewDelivery = {
  user_id: number | null;
  to: string;
  type: string;
  subject: string;
  text: string;
  html: string;
};

export async function insertDelivery(db: Db, delivery: NewDelivery): Promise<string> {
  const row = await db
    .insertInto('mail_deliveries')
    .values(delivery)
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/**
 * Claims a pending delivery nobody holds, or one whose claim is older than `staleBefore` (its
 * worker died mid-send); undefined when it is sent or held.
 */
export function claimDelivery(db: Db, id: string, staleBefore: Date) {
  return db
    .updateTable('mail_deliveries')
    .set((eb) => ({ claimed_at: new Date(), attempts: eb('attempts', '+', 1) }))
    .where('id', '=', id)
    .where('status', '=', 'pending')
    .where((eb) => eb.or([eb('claimed_at', 'is', null), eb('claimed_at', '<', staleBefore)]))
    .returningAll()
    .executeTakeFirst();
}

export async function releaseDelivery(db: Db, id: string): Promise<void> {
  await db.updateTable('mail_deliveries').set({ claimed_at: null }).where('id', '=', id).execute();
}

export async function markDeliverySent(db: Db, id: string): Promise<void> {
  await db
    .updateTable('mail_deliveries')
    .set({ status: 'sent', sent_at: new Date() })
    .where('id', '=', id)
    .execute();
}
