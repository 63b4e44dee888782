import type { TAdminSubscriptionsQuery, TSubscription } from '@cadence/contracts/billing';
import type { Kysely } from 'kysely';
import type { Database } from '../../platform/db/schema';
import { AppError, validationError } from '../../platform/http/app-error';
import { toSubscriptionDto } from './billing-dto';
import type { GatewayRegistry } from './gateways/gateways';
import { findPrice, findProduct } from './plans.repository';
import { describeSubscription, keepProviderAnswer, providerOf, viaProvider } from './subscription-provider';
import {
  findSubscription,
  findUser,
  findValidSubscription,
  insertSubscription,
  lockUser,
  subscriptionsPage,
  updateSubscription,
} from './subscriptions.repository';

type Deps = { db: Kysely<Database>; gateways: GatewayRegistry };

/** /admin/subscriptions: the list, cancelling or resuming any subscription, and one given by hand. */
export function createSubscriptionsAdminService({ db, gateways }: Deps) {
  return {
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

    async setCancelled(id: number, cancel: boolean): Promise<TSubscription> {
      const row = await findSubscription(db, id);
      if (!row) throw new AppError('not_found');
      const gateway = await providerOf(gateways, row.gateway_name);
      if (!gateway)
        return describeSubscription(
          db,
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
      return describeSubscription(db, await keepProviderAnswer(db, row, remote));
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

export type SubscriptionsAdminService = ReturnType<typeof createSubscriptionsAdminService>;
