import type { Kysely } from 'kysely';
import type { Database } from '../../platform/db/schema';

type Db = Kysely<Database>;
/** The id is made by the caller, so a batch knows its ids (and their order) without RETURNING. */
export type NewDelivery = {
  id: string;
  user_id: number | null;
  to: string;
  type: string;
  subject: string;
  text: string;
  html: string;
};

/** Writes every delivery in one statement. */
export async function insertDeliveries(db: Db, deliveries: readonly NewDelivery[]): Promise<void> {
  if (deliveries.length === 0) return;
  await db
    .insertInto('mail_deliveries')
    .values([...deliveries])
    .execute();
}

/**
 * Claims, in one statement, those of the deliveries that are pending and held by nobody, or held
 * by a claim older than `staleBefore` (its worker died mid-send); sent and held ones are left out.
 * The rows come back in no particular order.
 */
export async function claimDeliveries(db: Db, ids: readonly string[], staleBefore: Date) {
  if (ids.length === 0) return [];
  return db
    .updateTable('mail_deliveries')
    .set((eb) => ({ claimed_at: new Date(), attempts: eb('attempts', '+', 1) }))
    .where('id', 'in', [...ids])
    .where('status', '=', 'pending')
    .where((eb) => eb.or([eb('claimed_at', 'is', null), eb('claimed_at', '<', staleBefore)]))
    .returningAll()
    .execute();
}

/** Gives claimed deliveries back, so the queue's next attempt can claim them again. */
export async function releaseDeliveries(db: Db, ids: readonly string[]): Promise<void> {
  if (ids.length === 0) return;
  await db
    .updateTable('mail_deliveries')
    .set({ claimed_at: null })
    .where('id', 'in', [...ids])
    .execute();
}

export async function markDeliveriesSent(db: Db, ids: readonly string[]): Promise<void> {
  if (ids.length === 0) return;
  await db
    .updateTable('mail_deliveries')
    .set({ status: 'sent', sent_at: new Date() })
    .where('id', 'in', [...ids])
    .execute();
}
