import type { TAssignableWorkspaceRole, TWorkspaceRole } from '@cadence/contracts/workspace';
import { type Kysely, sql, type Transaction } from 'kysely';
import type { Database } from '../../platform/db/schema';
import './workspaces.tables';

type Db = Kysely<Database> | Transaction<Database>;

export type WorkspaceRecord = {
  id: number;
  name: string;
  owner_id: number;
  created_at: Date;
  members_count: string | number;
  role: TWorkspaceRole | null;
};

/** Workspaces, their members and their invitations: the only SQL of the module. */
/** The workspaces a user belongs to, with their role and member count. */
export function listForUser(db: Db, userId: number): Promise<WorkspaceRecord[]> {
  return db
    .selectFrom('workspaces as w')
    .innerJoin('workspace_members as me', (join) =>
      join.onRef('me.workspace_id', '=', 'w.id').on('me.user_id', '=', userId),
    )
    .select(['w.id', 'w.name', 'w.owner_id', 'w.created_at', 'me.role'])
    .select((eb) =>
      eb
        .selectFrom('workspace_members as m')
        .select((inner) => inner.fn.countAll<string>().as('n'))
        .whereRef('m.workspace_id', '=', 'w.id')
        .as('members_count'),
    )
    .orderBy('w.name')
    .orderBy('w.id')
    .execute() as Promise<WorkspaceRecord[]>;
}

/** One workspace as `userId` sees it (role null when not a member). */
export function find(db: Db, workspaceId: number, userId: number): Promise<WorkspaceRecord | undefined> {
  return db
    .selectFrom('workspaces as w')
    .leftJoin('workspace_members as me', (join) =>
      join.onRef('me.workspace_id', '=', 'w.id').on('me.user_id', '=', userId),
    )
    .select(['w.id', 'w.name', 'w.owner_id', 'w.created_at', 'me.role'])
    .select((eb) =>
      eb
        .selectFrom('workspace_members as m')
        .select((inner) => inner.fn.countAll<string>().as('n'))
        .whereRef('m.workspace_id', '=', 'w.id')
        .as('members_count'),
    )
    .where('w.id', '=', workspaceId)
    .executeTakeFirst() as Promise<WorkspaceRecord | undefined>;
}

export async function roleOf(db: Db, workspaceId: number, userId: number): Promise<TWorkspaceRole | null> {
  const row = await db
    .selectFrom('workspace_members')
    .select('role')
    .where('workspace_id', '=', workspaceId)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return row?.role ?? null;
}

export async function countOwned(db: Db, ownerId: number): Promise<number> {
  const row = await db
    .selectFrom('workspaces')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('owner_id', '=', ownerId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function create(trx: Db, name: string, ownerId: number): Promise<number> {
  const { id } = await trx
    .insertInto('workspaces')
    .values({ name, owner_id: ownerId })
    .returning('id')
    .executeTakeFirstOrThrow();
  await trx
    .insertInto('workspace_members')
    .values({ workspace_id: id, user_id: ownerId, role: 'owner' })
    .execute();
  return id;
}

export async function rename(trx: Db, workspaceId: number, name: string): Promise<void> {
  await trx
    .updateTable('workspaces')
    .set({ name, updated_at: new Date() })
    .where('id', '=', workspaceId)
    .execute();
}

export async function remove(trx: Db, workspaceId: number): Promise<void> {
  await trx.deleteFrom('workspaces').where('id', '=', workspaceId).execute();
}

export function members(db: Db, workspaceId: number) {
  return db
    .selectFrom('workspace_members as m')
    .innerJoin('users as u', 'u.id', 'm.user_id')
    .select(['u.id', 'u.name', 'u.first_name', 'u.last_name', 'u.email', 'u.image', 'm.role', 'm.created_at'])
    .where('m.workspace_id', '=', workspaceId)
    .orderBy(sql`case m.role when 'owner' then 0 when 'admin' then 1 else 2 end`)
    .orderBy('u.name')
    .execute();
}

export function memberIds(db: Db, workspaceId: number, roles: TWorkspaceRole[]) {
  return db
    .selectFrom('workspace_members')
    .select('user_id')
    .where('workspace_id', '=', workspaceId)
    .where('role', 'in', roles)
    .execute();
}

export async function addMember(
  trx: Db,
  workspaceId: number,
  userId: number,
  role: TAssignableWorkspaceRole,
) {
  await trx
    .insertInto('workspace_members')
    .values({ workspace_id: workspaceId, user_id: userId, role })
    .onConflict((oc) => oc.columns(['workspace_id', 'user_id']).doNothing())
    .execute();
}

export async function setRole(trx: Db, workspaceId: number, userId: number, role: TAssignableWorkspaceRole) {
  await trx
    .updateTable('workspace_members')
    .set({ role })
    .where('workspace_id', '=', workspaceId)
    .where('user_id', '=', userId)
    .where('role', '!=', 'owner')
    .execute();
}

export async function removeMember(trx: Db, workspaceId: number, userId: number): Promise<boolean> {
  const result = await trx
    .deleteFrom('workspace_members')
    .where('workspace_id', '=', workspaceId)
    .where('user_id', '=', userId)
    .where('role', '!=', 'owner')
    .executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

/** Members plus invitations still pending: what the `member_count` restriction counts. */
export async function seatsTaken(db: Db, workspaceId: number, now: Date): Promise<number> {
  const row = await db
    .selectNoFrom((eb) => [
      eb
        .selectFrom('workspace_members')
        .select((inner) => inner.fn.countAll<string>().as('n'))
        .where('workspace_id', '=', workspaceId)
        .as('members'),
      eb
        .selectFrom('workspace_invites')
        .select((inner) => inner.fn.countAll<string>().as('n'))
        .where('workspace_id', '=', workspaceId)
        .where('expires_at', '>', now)
        .as('invites'),
    ])
    .executeTakeFirstOrThrow();
  return Number(row.members) + Number(row.invites);
}

export function pendingInvites(db: Db, workspaceId: number, now: Date) {
  return db
    .selectFrom('workspace_invites')
    .select(['id', 'email', 'role', 'created_at', 'expires_at'])
    .where('workspace_id', '=', workspaceId)
    .where('expires_at', '>', now)
    .orderBy('created_at', 'desc')
    .execute();
}

/** Emails of the workspace's members among these (lowercased). */
export async function memberEmails(db: Db, workspaceId: number, emails: string[]): Promise<Set<string>> {
  if (emails.length === 0) return new Set();
  const rows = await db
    .selectFrom('workspace_members as m')
    .innerJoin('users as u', 'u.id', 'm.user_id')
    .select(sql<string>`lower(u.email)`.as('email'))
    .where('m.workspace_id', '=', workspaceId)
    .where(sql<string>`lower(u.email)`, 'in', emails)
    .execute();
  return new Set(rows.map((row) => row.email));
}

/** A new invitation, or the pending one for the same address renewed (new id, new 3 days). */
export function upsertInvite(
  trx: Db,
  values: {
    workspace_id: number;
    email: string;
    role: TAssignableWorkspaceRole;
    invited_by: number;
    expires_at: Date;
  },
) {
  return trx
    .insertInto('workspace_invites')
    .values(values)
    .onConflict((oc) =>
      oc.expression(sql`workspace_id, lower(email)`).doUpdateSet({
        id: sql`gen_random_uuid()`,
        role: values.role,
        invited_by: values.invited_by,
        created_at: new Date(),
        expires_at: values.expires_at,
      }),
    )
    .returning(['id', 'email', 'role', 'created_at', 'expires_at'])
    .executeTakeFirstOrThrow();
}

export function findInvite(db: Db, inviteId: string) {
  return db
    .selectFrom('workspace_invites as i')
    .innerJoin('workspaces as w', 'w.id', 'i.workspace_id')
    .select(['i.id', 'i.workspace_id', 'i.email', 'i.role', 'i.expires_at', 'w.name', 'w.owner_id'])
    .where('i.id', '=', inviteId)
    .executeTakeFirst();
}

/** Deletes the invite; false when another request consumed it first. */
export async function deleteInvite(trx: Db, inviteId: string, workspaceId?: number): Promise<boolean> {
  let query = trx.deleteFrom('workspace_invites').where('id', '=', inviteId);
  if (workspaceId !== undefined) query = query.where('workspace_id', '=', workspaceId);
  const result = await query.executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}
