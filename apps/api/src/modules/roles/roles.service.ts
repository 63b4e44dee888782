import type { TAdminRole, TAdminRolesQuery, TRolePayload } from '@cadence/contracts/admin-roles';
import type { FastifyRequest } from 'fastify';
import { type Kysely, sql, type Transaction } from 'kysely';
import { adminPage, mapAdminPage, searchColumns } from '../../platform/db/admin-list';
import type { Database } from '../../platform/db/schema';
import { AppError, validationError } from '../../platform/http/app-error';
import { recordAudit } from '../audit-log/record-audit';
import { currentUser } from '../auth/require-user';
import { keepingAdmins } from './admin-invariants';
import { checkGrants, loadGrants, replaceGrants } from './grants';

type Db = Kysely<Database> | Transaction<Database>;

export const NAME_TAKEN_MESSAGE = 'The name has already been taken.';
export const BUILT_IN_ROLE_MESSAGE = 'Built-in roles cannot be deleted.';
export const NO_DEFAULT_ROLE_MESSAGE =
  'Mark another role as the default for new users before deleting this one.';

const SORTABLE = { name: 'roles.name', created_at: 'roles.created_at', users_count: 'users_count' };

const usersCount = sql<number>`(select count(*)::int from user_role where user_role.role_id = roles.id)`;

async function withPermissions(db: Db, rows: { id: number }[]) {
  const ids = rows.map((row) => row.id);
  const grants = ids.length
    ? await db
        .selectFrom('permissionables as pa')
        .innerJoin('permissions as p', 'p.id', 'pa.permission_id')
        .select(['pa.permissionable_id as role_id', 'p.name', 'pa.restrictions'])
        .where('pa.permissionable_type', '=', 'role')
        .where('pa.permissionable_id', 'in', ids)
        .orderBy('p.name')
        .execute()
    : [];
  return (roleId: number) =>
    grants
      .filter((grant) => grant.role_id === roleId)
      .map((grant) => ({ name: grant.name, restrictions: grant.restrictions ?? [] }));
}

function selectRole(db: Db) {
  return db
    .selectFrom('roles')
    .select([
      'roles.id',
      'roles.name',
      'roles.description',
      'roles.default',
      'roles.guests',
      'roles.internal',
      'roles.artists',
      'roles.type',
      'roles.created_at',
      'roles.updated_at',
      usersCount.as('users_count'),
    ]);
}

type RoleRow = Awaited<ReturnType<ReturnType<typeof selectRole>['executeTakeFirstOrThrow']>>;

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
  const row = await selectRole(db).where('roles.id', '=', id).executeTakeFirst();
  if (!row) throw new AppError('not_found');
  return toDto(row, await loadGrants(db, { type: 'role', id }));
}

async function nameTaken(trx: Transaction<Database>, name: string, exceptId?: number) {
  let query = trx
    .selectFrom('roles')
    .select('id')
    .where((eb) => eb(eb.fn('lower', ['name']), '=', name.toLowerCase()));
  if (exceptId) query = query.where('id', '!=', exceptId);
  return !!(await query.executeTakeFirst());
}

function audit(
  request: FastifyRequest,
  trx: Transaction<Database>,
  action: string,
  id: number,
  before: unknown,
  after: unknown,
) {
  return recordAudit(trx, {
    actorId: currentUser(request).id,
    action,
    subjectType: 'roles',
    subjectId: id,
    before,
    after,
    ipAddress: request.ip,
  });
}

/** Only one role holds the guests' permissions: flagging another one moves the flag. */
async function claimGuestFlag(trx: Transaction<Database>, roleId: number) {
  await trx
    .updateTable('roles')
    .set({ guests: false })
    .where('id', '!=', roleId)
    .where('guests', '=', true)
    .execute();
}

export const rolesService = {
  async list(db: Kysely<Database>, params: TAdminRolesQuery) {
    let base = db.selectFrom('roles');
    if (params.query) base = base.where(searchColumns(['roles.name', 'roles.description'], params.query));
    const page = await adminPage(
      base,
      params,
      { sortable: SORTABLE, defaultOrderBy: 'created_at', defaultDir: 'asc', tieBreaker: 'roles.id' },
      (query) =>
        query.select([
          'roles.id',
          'roles.name',
          'roles.description',
          'roles.default',
          'roles.guests',
          'roles.internal',
          'roles.artists',
          'roles.type',
          'roles.created_at',
          'roles.updated_at',
          usersCount.as('users_count'),
        ]),
    );
    const permissionsOf = await withPermissions(db, page.pagination.data);
    return mapAdminPage(page, (rows) => rows.map((row) => toDto(row, permissionsOf(row.id))));
  },

  find: findRole,

  async create(request: FastifyRequest, payload: TRolePayload): Promise<TAdminRole> {
    const { db } = request.server.deps;
    const permissions = payload.permissions ?? [];
    checkGrants(permissions);
    const id = await db.transaction().execute(async (trx) => {
      if (await nameTaken(trx, payload.name)) throw validationError({ name: NAME_TAKEN_MESSAGE });
      const now = new Date();
      const role = await trx
        .insertInto('roles')
        .values({
          name: payload.name,
          description: payload.description ?? null,
          default: payload.default ?? false,
          guests: payload.guests ?? false,
          created_at: now,
          updated_at: now,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      if (payload.guests) await claimGuestFlag(trx, role.id);
      await replaceGrants(trx, { type: 'role', id: role.id }, permissions);
      await audit(request, trx, 'roles.create', role.id, null, await findRole(trx, role.id));
      return role.id;
    });
    return findRole(db, id);
  },

  async update(request: FastifyRequest, id: number, payload: TRolePayload): Promise<TAdminRole> {
    const { db } = request.server.deps;
    const permissions = payload.permissions ?? [];
    checkGrants(permissions);
    await db.transaction().execute(async (trx) => {
      const before = await findRole(trx, id);
      if (await nameTaken(trx, payload.name, id)) throw validationError({ name: NAME_TAKEN_MESSAGE });
      await keepingAdmins(trx, currentUser(request).id, 'permissions', async () => {
        await trx
          .updateTable('roles')
          .set({
            name: payload.name,
            description: payload.description ?? null,
            default: payload.default ?? false,
            guests: payload.guests ?? false,
            updated_at: new Date(),
          })
          .where('id', '=', id)
          .execute();
        if (payload.guests) await claimGuestFlag(trx, id);
        await replaceGrants(trx, { type: 'role', id }, permissions);
      });
      await audit(request, trx, 'roles.update', id, before, await findRole(trx, id));
    });
    return findRole(db, id);
  },

  /**
   * Deletes roles (never built-in ones). Their users who are left without a role move to the
   * default role for new users, in the same transaction; the site keeps its admins.
   */
  async bulkDelete(request: FastifyRequest, ids: number[]): Promise<number> {
    const { db } = request.server.deps;
    return db.transaction().execute(async (trx) => {
      const roles = await trx.selectFrom('roles').select(['id', 'internal']).where('id', 'in', ids).execute();
      if (roles.some((role) => role.internal)) throw validationError({ ids: BUILT_IN_ROLE_MESSAGE });
      const defaults = await trx
        .selectFrom('roles')
        .select('id')
        .where('default', '=', true)
        .where('id', 'not in', ids)
        .orderBy('id')
        .execute();
      const inUse = await trx.selectFrom('user_role').select('user_id').where('role_id', 'in', ids).execute();
      if (inUse.length > 0 && defaults.length === 0) throw validationError({ ids: NO_DEFAULT_ROLE_MESSAGE });
      return keepingAdmins(trx, currentUser(request).id, 'ids', async () => {
        for (const role of roles)
          await audit(request, trx, 'roles.delete', role.id, await findRole(trx, role.id), null);
        const userIds = [...new Set(inUse.map((row) => row.user_id))];
        if (userIds.length > 0) {
          const values = userIds.flatMap((userId) =>
            defaults.map((role) => ({ user_id: userId, role_id: role.id })),
          );
          await trx
            .insertInto('user_role')
            .values(values)
            .onConflict((oc) => oc.columns(['user_id', 'role_id']).doNothing())
            .execute();
        }
        await trx
          .deleteFrom('permissionables')
          .where('permissionable_type', '=', 'role')
          .where('permissionable_id', 'in', ids)
          .execute();
        const result = await trx.deleteFrom('roles').where('id', 'in', ids).executeTakeFirst();
        return Number(result.numDeletedRows);
      });
    });
  },
};
