import type { TPermission } from '@cadence/contracts/user';
import {
  type TSaveWorkspace,
  type TWorkspace,
  type TWorkspaceDetails,
  type TWorkspacePermission,
  type TWorkspaceRole,
  WORKSPACE_MESSAGES,
  workspaceRoleCan,
} from '@cadence/contracts/workspace';
import { hasPermissionNamed } from '@cadence/permissions/can';
import type { Kysely } from 'kysely';
import * as authRepository from '../../platform/auth/auth.repository';
import type { Database } from '../../platform/db/schema';
import { AppError, validationError } from '../../platform/http/app-error';
import type { RealtimeHub } from '../../platform/realtime/realtime-hub';
import { recordAudit } from '../audit-log/record-audit';
import { toPublicUser } from '../users/public-user';
import type { WorkspaceRecord } from './workspaces.repository';
import * as repo from './workspaces.repository';

type Db = Kysely<Database>;
/** Who acts: the signed-in user, the sitewide `workspaces.*` grants they hold, and their address. */
export type WorkspaceActor = {
  id: number;
  email: string;
  name: string;
  image: string | null;
  ip: string | null;
  /**
   * Sitewide `workspaces.view/update/delete` (staff): act on any workspace as its owner would;
   * `accounts` (users.update): read members' addresses.
   */
  sitewide: { view: boolean; update: boolean; delete: boolean; accounts: boolean };
};

/** What members may do in a workspace as its owner may: upload and publish music. */
const DELEGATED_GRANTS: readonly string[] = ['files.create', 'music.create'];

const iso = (value: Date | string) => new Date(value).toISOString();

export function toWorkspaceDto(row: WorkspaceRecord): TWorkspace {
  return {
    id: Number(row.id),
    name: row.name,
    members_count: Number(row.members_count),
    owner_id: Number(row.owner_id),
    role: row.role,
    created_at: iso(row.created_at),
  };
}

export function createWorkspacesService({ db, realtime }: { db: Db; realtime: RealtimeHub }) {
  /** The workspace and what the actor may do in it: 404 when it does not exist, 403 for outsiders. */
  async function access(actor: WorkspaceActor, workspaceId: number, permission?: TWorkspacePermission) {
    const row = await repo.find(db, workspaceId, actor.id);
    if (!row) throw new AppError('not_found', 'Workspace not found.');
    const role: TWorkspaceRole | null = row.role;
    const isStaff =
      permission === 'workspaces.delete'
        ? actor.sitewide.delete
        : permission
          ? actor.sitewide.update
          : actor.sitewide.view;
    if (!role && !isStaff) throw new AppError('forbidden', WORKSPACE_MESSAGES.notMember);
    if (permission && !workspaceRoleCan(role, permission) && !isStaff) throw new AppError('forbidden');
    return row;
  }

  async function list(userId: number): Promise<TWorkspace[]> {
    return (await repo.listForUser(db, userId)).map(toWorkspaceDto);
  }

  async function details(actor: WorkspaceActor, workspaceId: number): Promise<TWorkspaceDetails> {
    const row = await access(actor, workspaceId);
    // Addresses are for those who invite and manage members (they typed them): the owner and
    // admins, and holders of users.update. A plain member (or other staff) sees the public projection.
    const canManage = workspaceRoleCan(row.role, 'workspace_members.invite') || actor.sitewide.accounts;
    const [members, invites] = await Promise.all([
      repo.members(db, workspaceId),
      canManage ? repo.pendingInvites(db, workspaceId, new Date()) : [],
    ]);
    return {
      ...toWorkspaceDto(row),
      members: members.map((member) => ({
        ...toPublicUser({ ...member, id: Number(member.id) }),
        ...(canManage || Number(member.id) === actor.id ? { email: member.email } : {}),
        role: member.role,
        joined_at: iso(member.created_at),
      })),
      invites: invites.map((invite) => ({
        id: invite.id,
        email: invite.email,
        role: invite.role,
        created_at: iso(invite.created_at),
        expires_at: iso(invite.expires_at),
      })),
    };
  }

  /** The creator becomes the owner; `limit` is the `workspaces.create` restriction `count`. */
  async function create(actor: WorkspaceActor, input: TSaveWorkspace, limit: number | null) {
    const id = await db.transaction().execute(async (trx) => {
      if (limit !== null && (await repo.countOwned(trx, actor.id)) >= limit)
        throw validationError({ name: WORKSPACE_MESSAGES.workspaceLimit.replace(':count', String(limit)) });
      const created = await repo.create(trx, input.name, actor.id);
      await recordAudit(trx, {
        actorId: actor.id,
        action: 'workspaces.create',
        subjectType: 'workspace',
        subjectId: created,
        after: input,
        ipAddress: actor.ip,
      });
      return created;
    });
    return toWorkspaceDto((await repo.find(db, id, actor.id)) as WorkspaceRecord);
  }

  async function rename(actor: WorkspaceActor, workspaceId: number, input: TSaveWorkspace) {
    const before = await access(actor, workspaceId, 'workspaces.update');
    await db.transaction().execute(async (trx) => {
      await repo.rename(trx, workspaceId, input.name);
      await recordAudit(trx, {
        actorId: actor.id,
        action: 'workspaces.update',
        subjectType: 'workspace',
        subjectId: workspaceId,
        before: { name: before.name },
        after: input,
        ipAddress: actor.ip,
      });
    });
    return toWorkspaceDto({ ...before, name: input.name });
  }

  /** Its members lose access at once; its music goes back to each owner's personal workspace. */
  async function remove(actor: WorkspaceActor, workspaceId: number) {
    const before = await access(actor, workspaceId, 'workspaces.delete');
    const members = await repo.memberIds(db, workspaceId, ['owner', 'admin', 'member']);
    await db.transaction().execute(async (trx) => {
      await repo.remove(trx, workspaceId);
      await recordAudit(trx, {
        actorId: actor.id,
        action: 'workspaces.delete',
        subjectType: 'workspace',
        subjectId: workspaceId,
        before: { name: before.name, owner_id: before.owner_id },
        ipAddress: actor.ip,
      });
    });
    await changed(members.map((member) => member.user_id));
  }

  /** Tells these users' open tabs to refetch their workspaces (joins, removals, deletions). */
  async function changed(userIds: number[]) {
    await realtime.emitToUsers(userIds, { type: 'workspaces.changed' });
  }

  async function roleOf(workspaceId: number, userId: number) {
    return repo.roleOf(db, workspaceId, userId);
  }

  /** The member's role and the owner's grants a member acts with inside the workspace; null for outsiders. */
  async function scopeFor(workspaceId: number, userId: number) {
    const row = await repo.find(db, workspaceId, userId);
    if (!row?.role) return null;
    let delegated: TPermission[] = [];
    if (Number(row.owner_id) !== userId) {
      const withAccess = await authRepository.findUserWithAccess(db, Number(row.owner_id));
      if (withAccess) {
        const subject = { user: withAccess, guestRole: null };
        // The owner's own grant (with its restrictions), or an unrestricted one for staff (`admin`).
        delegated = DELEGATED_GRANTS.flatMap((name) => {
          const grant = withAccess.permissions.find((permission) => permission.name === name);
          if (grant) return [grant];
          return hasPermissionNamed(subject, name) ? [{ name, restrictions: [] }] : [];
        });
      }
    }
    return { role: row.role, delegated };
  }

  async function memberIds(workspaceId: number): Promise<number[]> {
    const rows = await repo.memberIds(db, workspaceId, ['owner', 'admin', 'member']);
    return rows.map((row) => Number(row.user_id));
  }

  return { access, list, details, create, rename, remove, changed, roleOf, scopeFor, memberIds };
}

export type WorkspacesService = ReturnType<typeof createWorkspacesService>;
