import { randomUUID } from 'node:crypto';
import type {
  TAdminSubscriptionsQuery,
  TBillingOverview,
  TPlanChangePreview,
  TSubscription,
} from '@cadence/contracts/billing';
import { GENERIC_ERROR_MESSAGE } from '@cadence/contracts/error-messages';
import type { Insertable, Kysely, Transaction } from 'kysely';
import type { Database } from '../../platform/db/schema';
import { AppError, validationError } from '../../platform/http/app-error';
import type { InvoicesTable } from './billing.tables';
import { subscriptionFlags, toInvoiceDto, toPriceDto, toSubscriptionDto } from './billing-dto';
import {
  type BillingNotice,
  type BillingNotifier,
  invoicePaidData,
  paymentFailedData,
} from './billing-notifications';
import { GatewayError, type InvoiceEvent, type ProviderSubscription } from './gateways/gateway-types';
import type { GatewayRegistry } from './gateways/gateways';
import {
  findPrice,
  findPriceByGatewayId,
  findProduct,
  pricesByGatewayIds,
  productsByIds,
} from './plans.repository';
import {
  findCustomer,
  findInvoice,
  findLatestSubscription,
  findSubscription,
  findSubscriptionByGateway,
  findUser,
  findUserIdByCustomer,
  findValidSubscription,
  insertInvoices,
  insertSubscription,
  invoicesOfUser,
  lockInvoicesByGatewayIds,
  lockUser,
  markInvoicesPaid,
  type SubscriptionRow,
  subscriptionsPage,
  updateSubscription,
  updateSubscriptionStates,
} from './subscriptions.repository';

type Deps = { db: Kysely<Database>; gateways: GatewayRegistry; notify: BillingNotifier; playerUrl: string };
type ProviderName = 'stripe' | 'paypal';

/** A provider that fails or cannot be reached: the spec's generic message, nothing changed here. */
export async function viaProvider<T>(run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    if (error instanceof GatewayError) throw new AppError('unavailable', GENERIC_ERROR_MESSAGE);
    throw error;
  }
}

export function createSubscriptionsService({ db, gateways, notify, playerUrl }: Deps) {
  async function gatewayFor(name: SubscriptionRow['gateway_name']) {
    if (name === 'none') return null;
    const gateway = (await gateways())[name];
    if (!gateway) throw new AppError('unavailable', GENERIC_ERROR_MESSAGE);
    return gateway;
  }

  async function describe(row: SubscriptionRow): Promise<TSubscription> {
    const [product, price] = await Promise.all([
      findProduct(db, row.product_id),
      row.price_id ? findPrice(db, row.price_id) : undefined,
    ]);
    return toSubscriptionDto(row, {
      product: product ? { id: product.id, name: product.name } : undefined,
      price: price ? toPriceDto(price) : null,
    });
  }

  async function requireOwn(userId: number, options: { isValid: boolean }) {
    const row = options.isValid
      ? await findValidSubscription(db, userId)
      : await findLatestSubscription(db, userId);
    if (!row) throw new AppError('not_found', 'You have no subscription.');
    return row;
  }

  /**
   * Makes our row match the provider's object (never the event's order or payload). A first
   * sighting creates the row unless the user already holds another valid subscription: then the
   * new one is refused (`duplicate`) and the caller cancels it at the provider. Given `trx` (the
   * webhook job's), every read and write runs in it; otherwise in a transaction of its own.
   */
  async function applyProviderState(
    gateway: ProviderName,
    remote: ProviderSubscription,
    hint: { userId?: number } = {},
    trx?: Transaction<Database>,
  ): Promise<{ row: SubscriptionRow | null; outcome: 'created' | 'updated' | 'duplicate' | 'ignored' }> {
    const q = trx ?? db;
    const price = remote.priceGatewayId
      ? await findPriceByGatewayId(q, gateway, remote.priceGatewayId)
      : undefined;
    if (!price) return { row: null, outcome: 'ignored' };
    const values = {
      product_id: price.product_id,
      price_id: price.id,
      status: remote.status,
      renews_at: remote.renewsAt,
      ends_at: remote.endsAt,
      updated_at: new Date(),
    };
    // A row we hold (the webhook job's usual case) is updated under its own row lock.
    if (trx) {
      const held = await findSubscriptionByGateway(trx, gateway, remote.gatewayId);
      if (held) return { row: await updateSubscription(trx, held.id, values), outcome: 'updated' };
    }
    const customerUser = remote.customerId
      ? await findUserIdByCustomer(q, gateway, remote.customerId)
      : undefined;
    const userId = hint.userId ?? customerUser?.user_id ?? remote.userId;
    if (!userId || !(await findUser(q, userId))) return { row: null, outcome: 'ignored' };
    const write = async (trx: Transaction<Database>) => {
      await lockUser(trx, userId);
      const existing = await findSubscriptionByGateway(trx, gateway, remote.gatewayId);
      if (existing)
        return { row: await updateSubscription(trx, existing.id, values), outcome: 'updated' as const };
      if (!subscriptionFlags({ status: remote.status, ends_at: remote.endsAt }).valid)
        return { row: null, outcome: 'ignored' as const };
      const other = await findValidSubscription(trx, userId);
      if (other) return { row: other, outcome: 'duplicate' as const };
      const row = await insertSubscription(trx, {
        ...values,
        user_id: userId,
        gateway_name: gateway,
        gateway_id: remote.gatewayId,
      });
      return { row, outcome: 'created' as const };
    };
    return trx ? write(trx) : db.transaction().execute(write);
  }

  /**
   * An invoice once per provider invoice, for a batch (the webhook sweep), in a constant number of
   * statements: the invoices that exist are locked and read at once, new ones inserted by one
   * statement, settled ones marked by another, and the plans' names read once. The notice comes
   * with an invoice's first sighting as paid or as failed (never twice: a rolled back batch sends
   * none, the caller sends them once the transaction committed). Events of one invoice (failed,
   * then paid) are taken in the order given. Answers the notices in that order.
   */
  async function recordInvoices(
    items: { subscription: SubscriptionRow; invoice: InvoiceEvent }[],
    trx: Transaction<Database>,
  ): Promise<BillingNotice[]> {
    if (items.length === 0) return [];
    const gatewayIds = [...new Set(items.map((item) => item.invoice.gatewayId))];
    const known = new Map(
      (await lockInvoicesByGatewayIds(trx, gatewayIds)).map((row) => [
        row.gateway_id,
        { uuid: row.uuid, paid: row.paid },
      ]),
    );
    const inserts = new Map<string, Insertable<InvoicesTable>>();
    const settles = new Set<string>();
    const decided: { subscription: SubscriptionRow; invoice: InvoiceEvent; paid: boolean; uuid: string }[] =
      [];
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
    return decided.map(({ subscription, invoice, paid, uuid }): BillingNotice => {
      const plan = names.get(subscription.product_id) ?? 'Subscription';
      const currency = invoice.currency.toUpperCase();
      return paid
        ? {
            userId: subscription.user_id,
            type: 'invoice_paid',
            data: invoicePaidData({ plan, amount: invoice.amount, currency, uuid }),
          }
        : { userId: subscription.user_id, type: 'payment_failed', data: paymentFailedData({ plan }) };
    });
  }

  /**
   * applyProviderState for the webhook sweep's subscriptions of one provider: their prices read by
   * one statement and the rows we hold (`held`, locked by the caller) updated by one; a first
   * sighting takes applyProviderState's own path. Answers in the order of `items`.
   */
  async function applyProviderStates(
    gateway: ProviderName,
    items: { remote: ProviderSubscription; userId?: number }[],
    held: Map<string, SubscriptionRow>,
    trx: Transaction<Database>,
  ) {
    const priceIds = [...new Set(items.flatMap(({ remote }) => remote.priceGatewayId ?? []))];
    const prices = new Map(
      (await pricesByGatewayIds(trx, gateway, priceIds)).map((price) => [
        gateway === 'stripe' ? price.stripe_id : price.paypal_id,
        price,
      ]),
    );
    const priceOf = (remote: ProviderSubscription) =>
      remote.priceGatewayId ? prices.get(remote.priceGatewayId) : undefined;
    // One state per held row (the last item wins if a subscription came twice).
    const states = new Map<number, Parameters<typeof updateSubscriptionStates>[1][number]>();
    for (const { remote } of items) {
      const price = priceOf(remote);
      const row = held.get(remote.gatewayId);
      if (!price || !row) continue;
      states.set(row.id, {
        id: row.id,
        product_id: price.product_id,
        price_id: price.id,
        status: remote.status,
        renews_at: remote.renewsAt,
        ends_at: remote.endsAt,
      });
    }
    for (const updated of await updateSubscriptionStates(trx, [...states.values()]))
      held.set(String(updated.gateway_id), updated);
    const out: Awaited<ReturnType<typeof applyProviderState>>[] = [];
    for (const { remote, userId } of items) {
      const row = held.get(remote.gatewayId);
      if (!priceOf(remote)) out.push({ row: null, outcome: 'ignored' });
      else if (row && states.has(row.id)) out.push({ row, outcome: 'updated' });
      else out.push(await applyProviderState(gateway, remote, userId === undefined ? {} : { userId }, trx));
    }
    return out;
  }

  /** Sends what recordInvoices asked for (after their transaction committed), as one batch. */
  async function sendNotices(notices: BillingNotice[]) {
    if (notices.length > 0) await notify(notices);
  }

  /** Writes a provider answer for a row we already hold. */
  async function store(row: SubscriptionRow, remote: ProviderSubscription) {
    return db.transaction().execute(async (trx) =>
      updateSubscription(trx, row.id, {
        status: remote.status,
        renews_at: remote.renewsAt,
        ends_at: remote.endsAt,
        updated_at: new Date(),
        ...(remote.priceGatewayId && row.gateway_name !== 'none'
          ? await (async () => {
              const price = await findPriceByGatewayId(
                trx,
                row.gateway_name as ProviderName,
                remote.priceGatewayId as string,
              );
              return price ? { price_id: price.id, product_id: price.product_id } : {};
            })()
          : {}),
      }),
    );
  }

  return {
    applyProviderState,
    applyProviderStates,
    recordInvoices,
    sendNotices,
    describe,

    async overview(userId: number): Promise<TBillingOverview> {
      const row = await findLatestSubscription(db, userId);
      if (!row) return { subscription: null, payment_method: null, invoices: [] };
      let paymentMethod: TBillingOverview['payment_method'] = null;
      if (row.gateway_name === 'paypal') paymentMethod = { brand: 'paypal', last4: null };
      if (row.gateway_name === 'stripe' && row.gateway_id) {
        const stripe = (await gateways()).stripe;
        // The card is shown when Stripe answers; /billing still opens when it does not.
        paymentMethod = stripe ? await stripe.paymentMethod(row.gateway_id).catch(() => null) : null;
      }
      const invoices = await invoicesOfUser(db, userId);
      return {
        subscription: await describe(row),
        payment_method: paymentMethod,
        invoices: invoices.map(toInvoiceDto),
      };
    },

    async cancel(userId: number): Promise<TSubscription> {
      const row = await requireOwn(userId, { isValid: true });
      const gateway = await gatewayFor(row.gateway_name);
      if (!gateway) {
        const ends = row.renews_at ?? new Date();
        return describe(
          await updateSubscription(db, row.id, {
            ends_at: ends,
            renews_at: null,
            updated_at: new Date(),
          }),
        );
      }
      const remote = await viaProvider(() => gateway.setCancelAtPeriodEnd(row.gateway_id as string, true));
      return describe(await store(row, remote));
    },

    async renew(userId: number): Promise<TSubscription> {
      const row = await requireOwn(userId, { isValid: true });
      if (!row.ends_at) return describe(row);
      const gateway = await gatewayFor(row.gateway_name);
      if (!gateway)
        return describe(await updateSubscription(db, row.id, { ends_at: null, updated_at: new Date() }));
      const remote = await viaProvider(() => gateway.setCancelAtPeriodEnd(row.gateway_id as string, false));
      return describe(await store(row, remote));
    },

    async planChangeTarget(userId: number, productId: number, priceId: number) {
      const row = await requireOwn(userId, { isValid: true });
      const [product, price] = await Promise.all([findProduct(db, productId), findPrice(db, priceId)]);
      if (!product || product.hidden) throw new AppError('not_found');
      if (!price || price.product_id !== product.id || price.archived)
        throw validationError({ price_id: ['This price is not available for this plan.'] });
      if (row.price_id === price.id)
        throw validationError({ price_id: ['You are already subscribed to this price.'] });
      return { row, product, price };
    },

    async previewChange(userId: number, productId: number, priceId: number): Promise<TPlanChangePreview> {
      const { row, product, price } = await this.planChangeTarget(userId, productId, priceId);
      const [current, currentPrice] = await Promise.all([
        findProduct(db, row.product_id),
        row.price_id ? findPrice(db, row.price_id) : undefined,
      ]);
      let amountDue = price.amount;
      if (row.gateway_name === 'stripe') {
        const stripe = await gatewayFor('stripe');
        if (stripe?.name !== 'stripe' || !price.stripe_id)
          throw new AppError('unavailable', GENERIC_ERROR_MESSAGE);
        amountDue = (
          await viaProvider(() => stripe.previewChange(row.gateway_id as string, price.stripe_id as string))
        ).amountDue;
      }
      return {
        amount_due: amountDue,
        currency: price.currency,
        from: { product: current?.name ?? '', price: currentPrice ? toPriceDto(currentPrice) : null },
        to: { product: product.name, price: toPriceDto(price) },
      };
    },

    async changePlan(userId: number, productId: number, priceId: number): Promise<TSubscription> {
      const { row, price } = await this.planChangeTarget(userId, productId, priceId);
      if (row.gateway_name === 'none')
        return describe(
          await updateSubscription(db, row.id, {
            product_id: price.product_id,
            price_id: price.id,
            updated_at: new Date(),
          }),
        );
      if (row.gateway_name !== 'stripe')
        throw validationError({
          price_id: ['A PayPal subscription changes plan by cancelling and subscribing again.'],
        });
      const stripe = await gatewayFor('stripe');
      if (stripe?.name !== 'stripe' || !price.stripe_id)
        throw new AppError('unavailable', GENERIC_ERROR_MESSAGE);
      const remote = await viaProvider(() =>
        stripe.changePrice(row.gateway_id as string, price.stripe_id as string),
      );
      return describe(await store(row, remote));
    },

    async startPaymentMethodChange(userId: number): Promise<{ url: string }> {
      const row = await requireOwn(userId, { isValid: true });
      const customer = await findCustomer(db, userId, 'stripe');
      if (row.gateway_name !== 'stripe' || !customer)
        throw validationError({
          gateway: ['The payment method of this subscription is managed at its provider.'],
        });
      const stripe = await gatewayFor('stripe');
      if (stripe?.name !== 'stripe') throw new AppError('unavailable', GENERIC_ERROR_MESSAGE);
      return viaProvider(() =>
        stripe.startPaymentMethodSetup({
          customerId: customer.customer_id,
          successUrl: `${playerUrl}/billing/change-payment-method/done?session_id={CHECKOUT_SESSION_ID}`,
          cancelUrl: `${playerUrl}/billing/change-payment-method`,
        }),
      );
    },

    /** The done page's session must be this user's completed setup session: the query is not trusted. */
    async finishPaymentMethodChange(userId: number, sessionId: string) {
      const row = await requireOwn(userId, { isValid: true });
      const customer = await findCustomer(db, userId, 'stripe');
      const stripe = await gatewayFor('stripe');
      if (!customer || !stripe || stripe.name !== 'stripe') throw new AppError('not_found');
      const isAdopted = await stripe
        .adoptPaymentMethod(
          sessionId,
          customer.customer_id,
          row.gateway_name === 'stripe' ? row.gateway_id : null,
        )
        .catch((error: unknown) => {
          if (error instanceof GatewayError && error.isNotFound) return false;
          throw error instanceof GatewayError ? new AppError('unavailable', GENERIC_ERROR_MESSAGE) : error;
        });
      if (!isAdopted) throw new AppError('not_found', 'This session does not belong to you.');
      return this.overview(userId);
    },

    async invoice(userId: number, uuid: string, canViewAll: boolean) {
      const invoice = await findInvoice(db, uuid);
      if (!invoice || (invoice.user_id !== userId && !canViewAll)) throw new AppError('not_found');
      return { invoice: toInvoiceDto(invoice), plan: invoice.product_name };
    },

    // Admin (/admin/subscriptions)
    async list(input: TAdminSubscriptionsQuery) {
      const { page, perPage } = input;
      const { rows, total } = await subscriptionsPage(db, input);
      return {
        data: rows.map((row) =>
          toSubscriptionDto(row, {
            product: { id: row.product_id, name: row.product_name },
            user: { id: row.user_id, name: row.user_name, email: row.user_email },
          }),
        ),
        current_page: page,
        per_page: perPage,
        total,
        last_page: Math.max(1, Math.ceil(total / perPage)),
      };
    },

    async adminSetCancelled(id: number, cancel: boolean): Promise<TSubscription> {
      const row = await findSubscription(db, id);
      if (!row) throw new AppError('not_found');
      const gateway = await gatewayFor(row.gateway_name);
      if (!gateway)
        return describe(
          await updateSubscription(db, row.id, {
            ends_at: cancel ? new Date() : null,
            status: 'active',
            updated_at: new Date(),
          }),
        );
      const remote = await viaProvider(() =>
        cancel
          ? gateway.cancelNow(row.gateway_id as string)
          : gateway.setCancelAtPeriodEnd(row.gateway_id as string, false),
      );
      return describe(await store(row, remote));
    },

    /** A subscription given by hand (no provider): replaces nothing, refused while another is valid. */
    async grant(input: {
      user_id: number;
      product_id: number;
      price_id: number | null;
      ends_at: string | null;
    }) {
      const [user, product, price] = await Promise.all([
        findUser(db, input.user_id),
        findProduct(db, input.product_id),
        input.price_id ? findPrice(db, input.price_id) : undefined,
      ]);
      if (!user) throw validationError({ user_id: ['This user does not exist.'] });
      if (!product) throw validationError({ product_id: ['This plan does not exist.'] });
      if (input.price_id && (!price || price.product_id !== product.id))
        throw validationError({ price_id: ['This price is not available for this plan.'] });
      return db.transaction().execute(async (trx) => {
        await lockUser(trx, user.id);
        if (await findValidSubscription(trx, user.id))
          throw validationError({ user_id: ['This user already has a valid subscription.'] });
        const row = await insertSubscription(trx, {
          user_id: user.id,
          product_id: product.id,
          price_id: price?.id ?? null,
          gateway_name: 'none',
          gateway_id: null,
          status: 'active',
          renews_at: null,
          ends_at: input.ends_at,
          updated_at: new Date(),
        });
        return toSubscriptionDto(row, { product: { id: product.id, name: product.name } });
      });
    },
  };
}

export type SubscriptionsService = ReturnType<typeof createSubscriptionsService>;
