import { type TChangeMemberRole, WORKSPACE_MESSAGES } from '@cadence/contracts/workspace';
import type { Kysely } from 'kysely';
import type { Database } from '../../platform/db/schema';
import { AppError } from '../../platform/http/app-error';
import { recordAudit } from '../audit-log/record-audit';
import * as repo from './workspaces.repository';
import type { WorkspaceActor, WorkspacesService } from './workspaces.service';

type Deps = { db: Kysely<Database>; workspaces: WorkspacesService };

/**
 * Role changes and removals. Nobody changes the owner's role or their own, and only admin or
 * member can be given, so a member can neither raise themselves nor take over the workspace.
 */
export function createWorkspaceMembers({ db, workspaces }: Deps) {
  async function targetRole(workspaceId: number, userId: number) {
    const role = await repo.roleOf(db, workspaceId, userId);
    if (!role) throw new AppError('not_found', 'Member not found.');
    return role;
  }

  async function changeRole(
    actor: WorkspaceActor,
    workspaceId: number,
    userId: number,
    input: TChangeMemberRole,
  ) {
    await workspaces.access(actor, workspaceId, 'workspace_members.update');
    const before = await targetRole(workspaceId, userId);
    if (before === 'owner') throw new AppError('forbidden', WORKSPACE_MESSAGES.ownerRole);
    if (userId === actor.id) throw new AppError('forbidden', WORKSPACE_MESSAGES.ownRole);
    await db.transaction().execute(async (trx) => {
      await repo.setRole(trx, workspaceId, userId, input.role);
      await recordAudit(trx, {
        actorId: actor.id,
        action: 'workspaces.member_role',
        subjectType: 'workspace',
        subjectId: workspaceId,
        before: { user_id: userId, role: before },
        after: { user_id: userId, role: input.role },
        ipAddress: actor.ip,
      });
    });
    await workspaces.changed([userId]);
  }

  /** Removing someone (owners and admins) or leaving (anyone but the owner); access ends at once. */
  async function remove(actor: WorkspaceActor, workspaceId: number, userId: number) {
    const isLeaving = userId === actor.id;
    await workspaces.access(actor, workspaceId, isLeaving ? undefined : 'workspace_members.delete');
    const role = await targetRole(workspaceId, userId);
    if (role === 'owner') throw new AppError('forbidden', WORKSPACE_MESSAGES.removeOwner);
    await db.transaction().execute(async (trx) => {
      await repo.removeMember(trx, workspaceId, userId);
      await recordAudit(trx, {
        actorId: actor.id,
        action: isLeaving ? 'workspaces.leave' : 'workspaces.member_remove',
        subjectType: 'workspace',
        subjectId: workspaceId,
        before: { user_id: userId, role },
        ipAddress: actor.ip,
      });
    });
    await workspaces.changed([userId]);
    return isLeaving;
  }

  return { changeRole, remove };
}
