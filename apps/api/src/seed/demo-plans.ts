import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../platform/db/schema';

/** Design 3 "Seeded plans", made with the demo catalogue so a fresh install shows a working pricing page. */
const plans = [
  {
    name: 'Basic',
    free: true,
    recommended: false,
    position: 1,
    upload_minutes: 180,
    features: ['3h upload time', 'Ads', 'Listen on any device', 'Unlimited streaming'],
    permissions: ['files.create', 'music.create'],
    prices: [] as { amount: number; interval: 'month'; interval_count: number }[],
  },
  {
    name: 'Pro Unlimited',
    free: false,
    recommended: true,
    position: 2,
    upload_minutes: null,
    features: ['Unlimited upload time', 'No ads', 'Download tracks', 'Pro badge'],
    // "Download tracks": saving albums and playlists for offline listening (issue 37).
    permissions: ['files.create', 'music.create', 'music.download'],
    prices: [
      { amount: 800, interval: 'month' as const, interval_count: 1 },
      { amount: 4300, interval: 'month' as const, interval_count: 6 },
      { amount: 7600, interval: 'month' as const, interval_count: 12 },
    ],
  },
];

/**
 * Providers are not called from the seed (no credentials yet): switching billing on syncs the
 * plans. Marked as seed, not described, so /pricing shows no placeholder and the admin sees
 * "replace me" until the plan is saved.
 */
export async function seedDemoPlans(trx: Kysely<Database> | Transaction<Database>): Promise<void> {
  const permissions = await trx
    .selectFrom('permissions')
    .select(['id', 'name'])
    .where('name', 'in', ['files.create', 'music.create', 'music.download'])
    .execute();
  for (const plan of plans) {
    const { id } = await trx
      .insertInto('products')
      .values({
        name: plan.name,
        description: null,
        is_seed: true,
        feature_list: JSON.stringify(plan.features),
        position: plan.position,
        recommended: plan.recommended,
        free: plan.free,
        upload_minutes: plan.upload_minutes,
        stripe_id: null,
        paypal_id: null,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    for (const price of plan.prices)
      await trx
        .insertInto('prices')
        .values({ ...price, product_id: id, currency: 'USD', stripe_id: null, paypal_id: null })
        .execute();
    const granted = permissions.filter((permission) => plan.permissions.includes(permission.name));
    if (granted.length > 0)
      await trx
        .insertInto('permissionables')
        .values(
          granted.map((permission) => ({
            permission_id: permission.id,
            permissionable_type: 'plan' as const,
            permissionable_id: id,
            restrictions: JSON.stringify(
              permission.name === 'music.create' && plan.upload_minutes !== null
                ? [{ name: 'minutes', value: plan.upload_minutes }]
                : [],
            ),
          })),
        )
        .execute();
  }
}
