import { randomUUID } from 'node:crypto';
import type { Insertable, Transaction } from 'kysely';
import type { Database } from '../../platform/db/schema';
import type { InvoicesTable } from './billing.tables';
import { type BillingNotice, invoicePaidData, paymentFailedData } from './billing-notifications';
import type { InvoiceEvent } from './gateways/gateway-types';
import { productsByIds } from './plans.repository';
import {
  insertInvoices,
  lockInvoicesByGatewayIds,
  markInvoicesPaid,
  type SubscriptionRow,
} from './subscriptions.repository';

type Item = { subscription: SubscriptionRow; invoice: InvoiceEvent };
type Decided = Item & { paid: boolean; uuid: string };
type Known = Map<string, { uuid: string; paid: boolean }>;

/**
 * An invoice once per provider invoice, for a batch (the webhook sweep), in a constant number of
 * statements: the invoices that exist are locked and read at once, new ones inserted by one
 * statement, settled ones marked by another, and the plans' names read once. The notice comes
 * with an invoice's first sighting as paid or as failed (never twice: a rolled back batch sends
 * none, the caller sends them once the transaction committed). Events of one invoice (failed,
 * then paid) are taken in the order given. Answers the notices in that order.
 */
export async function recordInvoices(trx: Transaction<Database>, items: Item[]): Promise<BillingNotice[]> {
  if (items.length === 0) return [];
  const gatewayIds = [...new Set(items.map((item) => item.invoice.gatewayId))];
  const known: Known = new Map(
    (await lockInvoicesByGatewayIds(trx, gatewayIds)).map((row) => [
      row.gateway_id,
      { uuid: row.uuid, paid: row.paid },
    ]),
  );
  const { inserts, settles, decided } = decide(items, known);
  const inserted = await insertInvoices(trx, [...inserts.values()]);
  // The lock covers rows that existed; a row another worker inserted meanwhile would be
  // decided twice: refuse the batch, whose retry sees that row.
  if (inserted.size !== inserts.size)
    throw new Error('An invoice of this batch was written by another worker meanwhile.');
  await markInvoicesPaid(trx, [...settles]);
  const names = new Map(
    (await productsByIds(trx, [...new Set(decided.map((one) => one.subscription.product_id))])).map(
      (product) => [product.id, product.name],
    ),
  );
  return decided.map((one) => noticeOf(one, names.get(one.subscription.product_id) ?? 'Subscription'));
}

/** Which invoices are new, which became paid, and what each tells its subscriber (in order). */
function decide(items: Item[], known: Known) {
  const inserts = new Map<string, Insertable<InvoicesTable>>();
  const settles = new Set<string>();
  const decided: Decided[] = [];
  for (const { subscription, invoice } of items) {
    const existing = known.get(invoice.gatewayId);
    const fresh = inserts.get(invoice.gatewayId);
    if (!existing && !fresh) {
      const uuid = randomUUID();
      inserts.set(invoice.gatewayId, {
        uuid,
        subscription_id: subscription.id,
        gateway_id: invoice.gatewayId,
        amount: invoice.amount,
        currency: invoice.currency.toUpperCase(),
        paid: invoice.paid,
        period_start: invoice.periodStart,
        period_end: invoice.periodEnd,
      });
      decided.push({ subscription, invoice, paid: invoice.paid, uuid });
      continue;
    }
    // Seen before: only its first sighting as paid tells the subscriber anything.
    if (!invoice.paid) continue;
    if (fresh && !fresh.paid) {
      fresh.paid = true;
      decided.push({ subscription, invoice, paid: true, uuid: fresh.uuid as string });
    } else if (existing && !existing.paid) {
      existing.paid = true;
      settles.add(invoice.gatewayId);
      decided.push({ subscription, invoice, paid: true, uuid: existing.uuid });
    }
  }
  return { inserts, settles, decided };
}

function noticeOf({ subscription, invoice, paid, uuid }: Decided, plan: string): BillingNotice {
  const currency = invoice.currency.toUpperCase();
  return paid
    ? {
        userId: subscription.user_id,
        type: 'invoice_paid',
        data: invoicePaidData({ plan, amount: invoice.amount, currency, uuid }),
      }
    : { userId: subscription.user_id, type: 'payment_failed', data: paymentFailedData({ plan }) };
}
