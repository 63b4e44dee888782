import type { Kysely } from 'kysely';

/**
 * Issue 37 (offline listening): saving albums and playlists for offline play is a paid feature, as
 * the seeded Pro plan's "Download tracks" promises (design settings-and-permissions 3): the seeded
 * paid plans get `music.download`. Roles are left alone: the design's default `users` and
 * `guests` roles do not hold it, so an install without billing grants it through a role by hand.
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations are frozen in time and never import the app schema
export async function up(db: Kysely<any>): Promise<void> {
  const permission = await db
    .selectFrom('permissions')
    .select('id')
    .where('name', '=', 'music.download')
    .executeTakeFirst();
  if (!permission) return;
  const plans = await db
    .selectFrom('products')
    .select('id')
    .where('is_seed', '=', true)
    .where('free', '=', false)
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('permissionables')
            .select('permissionables.permission_id')
            .where('permission_id', '=', permission.id)
            .where('permissionable_type', '=', 'plan')
            .whereRef('permissionable_id', '=', 'products.id'),
        ),
      ),
    )
    .execute();
  if (plans.length === 0) return;
  await db
    .insertInto('permissionables')
    .values(
      plans.map((plan) => ({
        permission_id: permission.id,
        permissionable_type: 'plan',
        permissionable_id: plan.id,
        restrictions: '[]',
      })),
    )
    .execute();
}

// biome-ignore lint/suspicious/noExplicitAny: migrations are frozen in time and never import the app schema
export async function down(db: Kysely<any>): Promise<void> {
  const permission = await db
    .selectFrom('permissions')
    .select('id')
    .where('name', '=', 'music.download')
    .executeTakeFirst();
  if (!permission) return;
  const plans = await db
    .selectFrom('products')
    .select('id')
    .where('is_seed', '=', true)
    .where('free', '=', false)
    .execute();
  if (plans.length === 0) return;
  await db
    .deleteFrom('permissionables')
    .where('permissionable_type', '=', 'plan')
    .where('permission_id', '=', permission.id)
    .where(
      'permissionable_id',
      'in',
      plans.map((plan) => plan.id),
    )
    .execute();
}
