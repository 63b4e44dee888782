import type { TAdminRole, TAdminRolesQuery, TRolePayload } from '@cadence/contracts/admin-roles';
import type { Kysely, Transaction } from 'kysely';
import { mapAdminPage } from '../../platform/db/admin-list';
import type { Database } from '../../platform/db/schema';
import { AppError, validationError } from '../../platform/http/app-error';
import { recordAudit } from '../audit-log/record-audit';
import { keepingAdmins } from './admin-invariants';
import { checkGrants } from './grants';
import { loadGrants, replaceGrants } from './grants.repository';
import {
  assignRoles,
  clearOtherGuestFlags,
  defaultRoleIds,
  deleteRoles,
  findRoleRow,
  grantsOfRoles,
  holdersOfRoles,
  insertRole,
  type RoleRow,
  roleNameTaken,
  rolesByIds,
  rolesPage,
  updateRole,
} from './roles.repository';

type Db = Kysely<Database> | Transaction<Database>;
/** The admin making the change, for the admin invariants and the audit log. */
export type RoleActor = { id: number; ip: string };

export const NAME_TAKEN_MESSAGE = 'The name has already been taken.';
export const BUILT_IN_ROLE_MESSAGE = 'Built-in roles cannot be deleted.';
export const NO_DEFAULT_ROLE_MESSAGE =
  'Mark another role as the default for new users before deleting this one.';

async function withPermissions(db: Db, rows: { id: number }[]) {
  const ids = rows.map((row) => row.id);
  const grants = ids.length ? await grantsOfRoles(db, ids) : [];
  return (roleId: number) =>
    grants
      .filter((grant) => grant.role_id === roleId)
      .map((grant) => ({ name: grant.name, restrictions: grant.restrictions ?? [] }));
}

function toDto(row: RoleRow, permissions: TAdminRole['permissions']): TAdminRole {
  return {
    ...row,
    users_count: Number(row.users_count),
    permissions,
    created_at: row.created_at.toISOString(),
    updated_at: row.updated_at.toISOString(),
  };
}

async function findRole(db: Db, id: number): Promise<TAdminRole> {
  const row = await findRoleRow(db, id);
  if (!row) throw new AppError('not_found');
  return toDto(row, await loadGrants(db, { type: 'role', id }));
}

function audit(
  actor: RoleActor,
  trx: Transaction<Database>,
  action: string,
  id: number,
  before: unknown,
  after: unknown,
) {
  return recordAudit(trx, {
    actorId: actor.id,
    action,
    subjectType: 'roles',
    subjectId: id,
    before,
    after,
    ipAddress: actor.ip,
  });
}

/** Only one role holds the guests' permissions: flagging another one moves the flag. */
async function saveGrantsAndFlags(trx: Transaction<Database>, id: number, payload: TRolePayload) {
  if (payload.guests) await clearOtherGuestFlags(trx, id);
  await replaceGrants(trx, { type: 'role', id }, payload.permissions ?? []);
}

export const rolesService = {
  async list(db: Kysely<Database>, params: TAdminRolesQuery) {
    const page = await rolesPage(db, params);
    const permissionsOf = await withPermissions(db, page.pagination.data);
    return mapAdminPage(page, (rows) => rows.map((row) => toDto(row, permissionsOf(row.id))));
  },

  find: findRole,

  async create(db: Kysely<Database>, actor: RoleActor, payload: TRolePayload): Promise<TAdminRole> {
    checkGrants(payload.permissions ?? []);
    const id = await db.transaction().execute(async (trx) => {
      if (await roleNameTaken(trx, payload.name)) throw validationError({ name: NAME_TAKEN_MESSAGE });
      const roleId = await insertRole(trx, payload);
      await saveGrantsAndFlags(trx, roleId, payload);
      await audit(actor, trx, 'roles.create', roleId, null, await findRole(trx, roleId));
      return roleId;
    });
    return findRole(db, id);
  },

  async update(
    db: Kysely<Database>,
    actor: RoleActor,
    id: number,
    payload: TRolePayload,
  ): Promise<TAdminRole> {
    checkGrants(payload.permissions ?? []);
    await db.transaction().execute(async (trx) => {
      const before = await findRole(trx, id);
      if (await roleNameTaken(trx, payload.name, id)) throw validationError({ name: NAME_TAKEN_MESSAGE });
      await keepingAdmins(trx, actor.id, 'permissions', async () => {
        await updateRole(trx, id, payload);
        await saveGrantsAndFlags(trx, id, payload);
      });
      await audit(actor, trx, 'roles.update', id, before, await findRole(trx, id));
    });
    return findRole(db, id);
  },

  /**
   * Deletes roles (never built-in ones). Their users who are left without a role move to the
   * default role for new users, in the same transaction; the site keeps its admins.
   */
  async bulkDelete(db: Kysely<Database>, actor: RoleActor, ids: number[]): Promise<number> {
    return db.transaction().execute(async (trx) => {
      const roles = await rolesByIds(trx, ids);
      if (roles.some((role) => role.internal)) throw validationError({ ids: BUILT_IN_ROLE_MESSAGE });
      const defaults = await defaultRoleIds(trx, ids);
      const holders = await holdersOfRoles(trx, ids);
      if (holders.length > 0 && defaults.length === 0)
        throw validationError({ ids: NO_DEFAULT_ROLE_MESSAGE });
      return keepingAdmins(trx, actor.id, 'ids', async () => {
        for (const role of roles)
          await audit(actor, trx, 'roles.delete', role.id, await findRole(trx, role.id), null);
        await assignRoles(trx, [...new Set(holders)], defaults);
        return deleteRoles(trx, ids);
      });
    });
  },
};
