import type { TAdminUpdateUserPayload } from '@cadence/contracts/admin-users';
import type { Transaction } from 'kysely';
import type { Database, UserRow } from '../../platform/db/schema';
import { validationError } from '../../platform/http/app-error';
import { recordAudit } from '../audit-log/record-audit';
import { EMAIL_TAKEN_MESSAGE } from '../auth/auth-messages';
import { checkGrants } from '../roles/grants';
import { loadGrants, replaceGrants } from '../roles/grants.repository';
import type { AdminUserColumns } from './admin-users.repository';
import * as repo from './admin-users.repository';

/** Who made an admin change, as the audit log records it. */
export type Actor = { id: number; ip: string };

/** What the audit log keeps of a user: no secrets (password, 2FA material). */
export async function auditView(trx: Transaction<Database>, userId: number) {
  const user = await repo.auditColumns(trx, userId);
  if (!user) return null;
  return {
    ...user,
    roles: await repo.roleIdsOf(trx, userId),
    permissions: await loadGrants(trx, { type: 'user', id: userId }),
  };
}

export function auditUser(
  actor: Actor,
  trx: Transaction<Database>,
  action: string,
  subjectId: number,
  before: unknown,
  after: unknown,
) {
  return recordAudit(trx, {
    actorId: actor.id,
    action,
    subjectType: 'users',
    subjectId,
    before,
    after,
    ipAddress: actor.ip,
  });
}

/** Refuses role ids that do not exist (422 on `roles`). */
export async function checkRoleIds(trx: Transaction<Database>, ids: readonly number[]) {
  if (ids.length === 0) return;
  const found = await repo.existingRoleIds(trx, ids);
  const missing = ids.filter((id) => !found.includes(id));
  if (missing.length > 0) throw validationError({ roles: `Unknown role ${missing[0]}.` });
}

export async function setRoles(trx: Transaction<Database>, userId: number, ids: readonly number[]) {
  await repo.replaceRoles(trx, userId, [...new Set(ids)]);
}

/** The admin's part of `PUT users/{id}`, used by users.routes inside its own transaction. */
export const adminUsers = {
  /**
   * Email, verification, ban reason, roles and direct grants, in the transaction of the
   * account details (the caller wraps it in keepingAdmins).
   */
  async applyAdminChanges(
    trx: Transaction<Database>,
    user: UserRow,
    payload: TAdminUpdateUserPayload,
  ): Promise<void> {
    if (payload.email !== undefined && (await repo.emailTaken(trx, payload.email, user.id)))
      throw validationError({ email: EMAIL_TAKEN_MESSAGE });
    if (payload.permissions) checkGrants(payload.permissions);
    if (payload.roles) await checkRoleIds(trx, payload.roles);
    const columns: AdminUserColumns = {
      ...(payload.email !== undefined ? { email: payload.email } : {}),
      ...(payload.email_verified_at !== undefined
        ? {
            email_verified_at:
              payload.email_verified_at === null ? null : new Date(payload.email_verified_at),
          }
        : {}),
      ...(payload.ban_reason !== undefined ? { ban_reason: payload.ban_reason } : {}),
      // Lifting a ban forgets its reason.
      ...(payload.banned_at === null ? { ban_reason: null } : {}),
    };
    if (Object.keys(columns).length > 0) await repo.update(trx, user.id, columns);
    if (payload.roles) await setRoles(trx, user.id, payload.roles);
    if (payload.permissions) await replaceGrants(trx, { type: 'user', id: user.id }, payload.permissions);
  },

  auditView,

  auditUpdate(
    actor: Actor,
    trx: Transaction<Database>,
    userId: number,
    before: unknown,
    after: unknown,
    banned?: boolean | null,
  ) {
    const action = banned === true ? 'users.ban' : banned === false ? 'users.unban' : 'users.update';
    return auditUser(actor, trx, action, userId, before, after);
  },
};
