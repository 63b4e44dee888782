import type { AppDeps } from '../../platform/app-deps';
import { groupCommitWriters } from '../../platform/db/group-commit';
import type { SettingsService } from '../settings/settings.service';
import type { BillingNotifier } from './billing-notifications';
import { createCheckoutService } from './checkout.service';
import { createGatewayRegistry } from './gateways/gateways';
import { createPlansService } from './plans.service';
import { createSubscriptionsService } from './subscriptions.service';
import { createWebhooksService } from './webhooks.service';

/** Billing's services, built once by the composition root. */
export function createBillingServices(
  deps: Pick<AppDeps, 'db' | 'env'> & { settings: SettingsService; notify: BillingNotifier },
) {
  const gateways = createGatewayRegistry({ settings: deps.settings, env: deps.env });
  const playerUrl = deps.env.PLAYER_URL.replace(/\/+$/, '');
  const subscriptions = createSubscriptionsService({ db: deps.db, gateways, notify: deps.notify, playerUrl });
  return {
    gateways,
    plans: createPlansService({ db: deps.db, gateways }),
    subscriptions,
    checkout: createCheckoutService({ db: deps.db, gateways, subscriptions, playerUrl }),
    webhooks: createWebhooksService({
      db: deps.db,
      gateways,
      subscriptions,
      storeWriters: groupCommitWriters(deps.env.DATABASE_URL),
    }),
    isEnabled: async () => Boolean(await deps.settings.get('billing.enable')),
  };
}

export type BillingServices = ReturnType<typeof createBillingServices>;
