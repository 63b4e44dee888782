import { defaultThemes } from '@cadence/contracts/default-themes';
import { permissionCatalogue } from '@cadence/permissions/catalogue';
import type { Transaction } from 'kysely';
import type { Env } from '../env';
import { encryptSecret } from '../modules/settings/settings-crypto';
import { type SettingDefinition, settingDefinitions } from '../modules/settings/settings-definitions';
import { generatePassword, hashPassword } from '../platform/auth/password';
import type { Database } from '../platform/db/schema';
import { englishLines, englishLocalization } from './data/localization-en';
import { defaultRoles } from './data/roles';
import { seedDefaultChannels } from './default-channels';
import { seedDemoCatalogue } from './demo-catalogue';
import { seedDemoPlans } from './demo-plans';

const DEFAULT_ADMIN_EMAIL = 'admin@cadence.local';

async function seedSettings(trx: Transaction<Database>, appKey: string) {
  const definitions: Record<string, SettingDefinition> = settingDefinitions;
  const rows = Object.entries(definitions)
    .filter(([, definition]) => !definition.env && !definition.derived)
    .map(([name, definition]) => {
      const json = JSON.stringify(definition.default);
      const isSecret = definition.scope === 'secret';
      return { name, value: isSecret ? encryptSecret(json, appKey) : json, is_private: isSecret };
    });
  await trx
    .insertInto('settings')
    .values(rows)
    .onConflict((oc) => oc.column('name').doNothing())
    .execute();
}

async function seedPermissionsAndRoles(trx: Transaction<Database>) {
  const permissions = await trx
    .insertInto('permissions')
    .values(
      permissionCatalogue.map((entry) => ({
        name: entry.name,
        display_name: entry.displayName,
        description: entry.description,
        group: entry.group,
        advanced: entry.advanced,
        restrictions: JSON.stringify(entry.restrictions),
      })),
    )
    .returning(['id', 'name'])
    .execute();
  const permissionIds = new Map(permissions.map((p) => [p.name, p.id]));

  const roleIds = new Map<string, number>();
  for (const [order, role] of defaultRoles.entries()) {
    const { id } = await trx
      .insertInto('roles')
      .values({
        name: role.name,
        description: role.description,
        default: role.default,
        guests: role.guests,
        internal: role.internal,
        artists: role.artists,
        type: role.type,
        order,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    roleIds.set(role.name, id);
    const grants = role.permissions.filter((grant) => permissionIds.has(grant.name));
    if (grants.length === 0) continue;
    await trx
      .insertInto('permissionables')
      .values(
        grants.map((grant) => ({
          permission_id: permissionIds.get(grant.name) as number,
          permissionable_type: 'role' as const,
          permissionable_id: id,
          restrictions: JSON.stringify(grant.restrictions ?? []),
        })),
      )
      .execute();
  }
  return { permissionIds, roleIds };
}

async function seedAdmin(
  trx: Transaction<Database>,
  env: Env,
  permissionIds: Map<string, number>,
  defaultRoleIds: number[],
) {
  const email = env.ADMIN_EMAIL ?? DEFAULT_ADMIN_EMAIL;
  const generatedPassword = env.ADMIN_PASSWORD ? null : generatePassword(20);
  const password = await hashPassword(env.ADMIN_PASSWORD ?? (generatedPassword as string));
  const { id } = await trx
    .insertInto('users')
    .values({ email, password, name: 'Admin', email_verified_at: new Date() })
    .returning('id')
    .executeTakeFirstOrThrow();
  const adminPermission = permissionIds.get('admin');
  if (adminPermission) {
    await trx
      .insertInto('permissionables')
      .values({ permission_id: adminPermission, permissionable_type: 'user', permissionable_id: id })
      .execute();
  }
  if (defaultRoleIds.length > 0) {
    await trx
      .insertInto('user_role')
      .values(defaultRoleIds.map((role_id) => ({ user_id: id, role_id })))
      .execute();
  }
  return { email, generatedPassword };
}

/** What a fresh database gets, in the seeding transaction (loaded only when a start seeds). */
export async function seedContent(trx: Transaction<Database>, env: Env, appKey: string) {
  await seedSettings(trx, appKey);
  const { permissionIds, roleIds } = await seedPermissionsAndRoles(trx);
  await trx
    .insertInto('themes')
    .values(defaultThemes.map((theme) => ({ ...theme, values: JSON.stringify(theme.values) })))
    .execute();
  await trx
    .insertInto('localizations')
    .values({ ...englishLocalization, lines: JSON.stringify(englishLines) })
    .execute();
  const defaultRoleIds = defaultRoles
    .filter((role) => role.default)
    .map((role) => roleIds.get(role.name) as number);
  const admin = await seedAdmin(trx, env, permissionIds, defaultRoleIds);
  if (env.SEED_DEMO_CATALOGUE) {
    await seedDemoCatalogue(trx, env);
    await seedDemoPlans(trx);
  }
  await seedDefaultChannels(trx);
  return admin;
}
