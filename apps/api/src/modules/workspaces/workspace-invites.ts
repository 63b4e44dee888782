import type { TNotificationData } from '@cadence/contracts/notification';
import {
  type TInviteMembers,
  type TWorkspace,
  type TWorkspaceInvite,
  WORKSPACE_INVITE_TTL_MS,
  WORKSPACE_MESSAGES,
  workspaceJoinRegisterPath,
} from '@cadence/contracts/workspace';
import { getRestrictionValue } from '@cadence/permissions/can';
import type { Kysely } from 'kysely';
import * as authRepository from '../../platform/auth/auth.repository';
import type { Database } from '../../platform/db/schema';
import { AppError, validationError } from '../../platform/http/app-error';
import { recordAudit } from '../audit-log/record-audit';
import * as accountRepository from '../auth/account.repository';
import type { NotificationsService } from '../notifications/notifications.service';
import type { WorkspaceRecord } from './workspaces.repository';
import * as repo from './workspaces.repository';
import { toWorkspaceDto, type WorkspaceActor, type WorkspacesService } from './workspaces.service';

type Db = Kysely<Database>;
type Deps = { db: Db; workspaces: WorkspacesService; notifications: NotificationsService };

const iso = (value: Date | string) => new Date(value).toISOString();
const sameEmail = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

/**
 * Invitations (spec 4, 7, design 5 W01): sent by owners and admins to email addresses, valid 3
 * days, accepted once by the invited address only, declined with a notice to the owner.
 */
export function createWorkspaceInvites({ db, workspaces, notifications }: Deps) {
  /** The `member_count` restriction of the owner's `workspaces.create` grant (design 3). */
  async function memberLimitOf(ownerId: number): Promise<number | null> {
    const owner = await authRepository.findUserWithAccess(db, ownerId);
    if (!owner) return null;
    return getRestrictionValue({ user: owner, guestRole: null }, 'workspaces.create', 'member_count');
  }

  function invitationData(actor: WorkspaceActor, workspace: { name: string }, inviteId: string) {
    return {
      image: actor.image,
      mainAction: { action: '/workspaces', label: 'View workspaces' },
      lines: [
        { type: 'primary', content: `${actor.name} invited you to join ${workspace.name}.` },
        { content: 'The invitation is valid for 3 days.' },
      ],
      buttonActions: [
        { label: 'Join', action: 'join-workspace' },
        { label: 'Decline', action: 'decline-workspace' },
      ],
      inviteId,
    } satisfies TNotificationData;
  }

  async function invite(actor: WorkspaceActor, workspaceId: number, input: TInviteMembers) {
    const workspace = await workspaces.access(actor, workspaceId, 'workspace_members.invite');
    const emails = [...new Set((input.emails ?? []).map((email) => email.trim().toLowerCase()))];
    const role = input.role ?? 'member';
    const limit = await memberLimitOf(workspace.owner_id);
    const now = new Date();
    const created = await db.transaction().execute(async (trx) => {
      const members = await repo.memberEmails(trx, workspaceId, emails);
      const fresh = emails.filter((email) => !members.has(email));
      const pending = new Set(
        (await repo.pendingInvites(trx, workspaceId, now)).map((row) => row.email.toLowerCase()),
      );
      const added = fresh.filter((email) => !pending.has(email)).length;
      if (limit !== null && (await repo.seatsTaken(trx, workspaceId, now)) + added > limit)
        throw validationError({ emails: WORKSPACE_MESSAGES.memberLimit.replace(':count', String(limit)) });
      const rows = [];
      for (const email of fresh) {
        rows.push(
          await repo.upsertInvite(trx, {
            workspace_id: workspaceId,
            email,
            role,
            invited_by: actor.id,
            expires_at: new Date(now.getTime() + WORKSPACE_INVITE_TTL_MS),
          }),
        );
      }
      await recordAudit(trx, {
        actorId: actor.id,
        action: 'workspaces.invite',
        subjectType: 'workspace',
        subjectId: workspaceId,
        after: { emails: fresh, role },
        ipAddress: actor.ip,
      });
      return rows;
    });
    // Sent after the commit: a rolled-back invitation never reaches anyone.
    for (const row of created) {
      const data = invitationData(actor, workspace, row.id);
      const account = await accountRepository.findByEmail(db, row.email);
      if (account) await notifications.notify(account.id, 'workspace_invitation', data);
      else
        await notifications.notifyEmail(row.email, 'workspace_invitation', {
          ...data,
          mainAction: { action: workspaceJoinRegisterPath(row.id, row.email), label: 'Join workspace' },
        });
    }
    return created.map(
      (row): TWorkspaceInvite => ({
        id: row.id,
        email: row.email,
        role: row.role,
        created_at: iso(row.created_at),
        expires_at: iso(row.expires_at),
      }),
    );
  }

  async function cancel(actor: WorkspaceActor, workspaceId: number, inviteId: string) {
    await workspaces.access(actor, workspaceId, 'workspace_members.invite');
    await db.transaction().execute(async (trx) => {
      if (!(await repo.deleteInvite(trx, inviteId, workspaceId)))
        throw new AppError('not_found', WORKSPACE_MESSAGES.inviteInvalid);
      await recordAudit(trx, {
        actorId: actor.id,
        action: 'workspaces.invite_cancel',
        subjectType: 'workspace',
        subjectId: workspaceId,
        before: { invite_id: inviteId },
        ipAddress: actor.ip,
      });
    });
  }

  /** A pending, unexpired invitation for this address; 404 "no longer valid" otherwise (spec 8). */
  async function validInvite(inviteId: string, email: string) {
    const found = await repo.findInvite(db, inviteId);
    if (!found || new Date(found.expires_at).getTime() <= Date.now())
      throw new AppError('not_found', WORKSPACE_MESSAGES.inviteInvalid);
    if (!sameEmail(found.email, email)) throw new AppError('forbidden', WORKSPACE_MESSAGES.inviteOtherEmail);
    return found;
  }

  /** Registration while `registration.disable` is on: only with a valid invitation for this email. */
  async function isValidFor(inviteId: unknown, email: string): Promise<boolean> {
    if (typeof inviteId !== 'string' || !/^[0-9a-f-]{36}$/i.test(inviteId)) return false;
    return validInvite(inviteId, email).then(
      () => true,
      () => false,
    );
  }

  /** Spec 7 `GET workspace/join/{inviteId}`: the invite is used up in the same transaction. */
  async function join(actor: WorkspaceActor, inviteId: string): Promise<TWorkspace> {
    const found = await validInvite(inviteId, actor.email);
    await db.transaction().execute(async (trx) => {
      if (!(await repo.deleteInvite(trx, inviteId)))
        throw new AppError('not_found', WORKSPACE_MESSAGES.inviteInvalid);
      await repo.addMember(trx, found.workspace_id, actor.id, found.role);
      await recordAudit(trx, {
        actorId: actor.id,
        action: 'workspaces.join',
        subjectType: 'workspace',
        subjectId: found.workspace_id,
        after: { role: found.role },
        ipAddress: actor.ip,
      });
    });
    const members = await repo.memberIds(db, found.workspace_id, ['owner', 'admin', 'member']);
    await workspaces.changed(members.map((member) => member.user_id));
    return toWorkspaceDto((await repo.find(db, found.workspace_id, actor.id)) as WorkspaceRecord);
  }

  /**
   * Spec 2.4: a sign-up through the invitation link (`/workspace/join/register`) joins at once,
   * before any email confirmation: the link went to that address and the unconfirmed account can
   * do nothing until it is confirmed. An invitation no longer valid joins nothing (null).
   */
  async function joinOnRegistration(
    user: { id: number; email: string; name: string | null; image: string | null },
    inviteId: string,
    ip: string | null,
  ): Promise<TWorkspace | null> {
    if (!(await isValidFor(inviteId, user.email))) return null;
    const actor: WorkspaceActor = {
      id: user.id,
      email: user.email,
      name: user.name ?? user.email,
      image: user.image,
      ip,
      sitewide: { view: false, update: false, delete: false, accounts: false },
    };
    return join(actor, inviteId).catch((error: unknown) => {
      // Used up or withdrawn between the check and the join: the account stands without it.
      if (error instanceof AppError) return null;
      throw error;
    });
  }

  /** Spec 7 `DELETE workspace/invite/{inviteId}`; the owner hears about it. */
  async function decline(actor: WorkspaceActor, inviteId: string): Promise<void> {
    const found = await validInvite(inviteId, actor.email);
    await db.transaction().execute(async (trx) => {
      if (!(await repo.deleteInvite(trx, inviteId)))
        throw new AppError('not_found', WORKSPACE_MESSAGES.inviteInvalid);
      await recordAudit(trx, {
        actorId: actor.id,
        action: 'workspaces.decline',
        subjectType: 'workspace',
        subjectId: found.workspace_id,
        ipAddress: actor.ip,
      });
    });
    await notifications.notify(Number(found.owner_id), 'workspace_invitation_declined', {
      image: actor.image,
      mainAction: { action: `/workspaces/${found.workspace_id}`, label: 'View workspace' },
      lines: [
        { type: 'primary', content: WORKSPACE_MESSAGES.declined },
        { content: `${actor.name} (${actor.email}) declined the invitation to join ${found.name}.` },
      ],
    });
  }

  return { invite, cancel, join, joinOnRegistration, decline, isValidFor };
}

export type WorkspaceInvites = ReturnType<typeof createWorkspaceInvites>;
