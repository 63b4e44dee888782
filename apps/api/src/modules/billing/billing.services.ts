import type { AppDeps } from '../../platform/app-deps';
import { groupCommitWriters } from '../../platform/db/group-commit';
import type { JobLog } from '../../platform/jobs/jobs';
import type { SettingsService } from '../settings/settings.service';
import { applyWebhookEvents } from './apply-webhook-events';
import type { BillingNotifier } from './billing-notifications';
import { createCheckoutService } from './checkout.service';
import { createGatewayRegistry } from './gateways/gateways';
import { createPlansService } from './plans.service';
import { createSubscriptionsService } from './subscriptions.service';
import { createSubscriptionsAdminService } from './subscriptions-admin.service';
import type { Ask } from './webhook-job';
import { createWebhooksService } from './webhooks.service';

/** Settings whose change can make a provider meet plans it has never seen. */
const SYNC_TRIGGERS = new Set([
  'billing.enable',
  'billing.stripe.enable',
  'billing.paypal.enable',
  'billing.paypal_test_mode',
  'stripe_secret',
  'paypal_client_id',
  'paypal_secret',
]);

/** Billing's services, built once by the composition root. */
export function createBillingServices(
  deps: Pick<AppDeps, 'db' | 'env'> & { settings: SettingsService; notify: BillingNotifier },
) {
  const { db, notify } = deps;
  const gateways = createGatewayRegistry({ settings: deps.settings, env: deps.env });
  const playerUrl = deps.env.PLAYER_URL.replace(/\/+$/, '');
  const plans = createPlansService({ db, gateways });
  return {
    gateways,
    plans,
    /** After a settings save: billing or a provider switched on syncs every plan (failures stay as warnings). */
    async syncAfterSettingsSave(changed: readonly string[]) {
      if (!changed.some((key) => SYNC_TRIGGERS.has(key))) return { failed: [] as number[] };
      if (!(await deps.settings.get('billing.enable'))) return { failed: [] as number[] };
      return plans.syncAll();
    },
    subscriptions: createSubscriptionsService({ db, gateways, playerUrl }),
    subscriptionsAdmin: createSubscriptionsAdminService({ db, gateways }),
    checkout: createCheckoutService({ db, gateways, playerUrl }),
    webhooks: createWebhooksService({
      db,
      gateways,
      storeWriters: groupCommitWriters(deps.env.DATABASE_URL),
    }),
    /** The webhook job's sweep (bound to the queue by the billing plugin). */
    applyWebhookEvents: (asks: Ask[], log: JobLog) => applyWebhookEvents({ db, gateways, notify, log }, asks),
    isEnabled: async () => Boolean(await deps.settings.get('billing.enable')),
  };
}

export type BillingServices = ReturnType<typeof createBillingServices>;
