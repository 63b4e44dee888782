import type {
  TAdminUpdateUserPayload,
  TAdminUser,
  TCreateUserPayload,
  TPasswordResetLinkResponse,
} from '@cadence/contracts/admin-users';
import type { FastifyRequest } from 'fastify';
import type { Transaction } from 'kysely';
import { hashPassword } from '../../platform/auth/password';
import {
  forgetUserSessions,
  markSessionsRevoked,
  revokeUserSessions,
} from '../../platform/auth/session-cache';
import { generateToken, hashToken } from '../../platform/auth/tokens';
import type { Database, UserRow } from '../../platform/db/schema';
import { AppError, validationError } from '../../platform/http/app-error';
import { recordAudit } from '../audit-log/record-audit';
import { EMAIL_TAKEN_MESSAGE } from '../auth/auth-messages';
import { currentUser } from '../auth/require-user';
import { passwordResetMail } from '../mail/password-reset.mail';
import { keepingAdmins } from '../roles/admin-invariants';
import { checkGrants, loadGrants, replaceGrants } from '../roles/grants';
import { twoFactorStatus } from '../users/account-user';

const iso = (value: Date | null) => (value ? value.toISOString() : null);
const RESET_TTL_MS = 60 * 60 * 1000;

/** What the audit log keeps of a user: no secrets (password, 2FA material). */
async function auditView(trx: Transaction<Database>, userId: number) {
  const user = await trx
    .selectFrom('users')
    .select([
      'id',
      'name',
      'email',
      'email_verified_at',
      'banned_at',
      'ban_reason',
      'language',
      'country',
      'timezone',
    ])
    .where('id', '=', userId)
    .executeTakeFirst();
  if (!user) return null;
  const roles = await trx
    .selectFrom('user_role')
    .select('role_id')
    .where('user_id', '=', userId)
    .orderBy('role_id')
    .execute();
  return {
    ...user,
    roles: roles.map((role) => role.role_id),
    permissions: await loadGrants(trx, { type: 'user', id: userId }),
  };
}

async function checkRoleIds(trx: Transaction<Database>, ids: readonly number[]) {
  if (ids.length === 0) return;
  const found = await trx
    .selectFrom('roles')
    .select('id')
    .where('id', 'in', [...ids])
    .execute();
  const missing = ids.filter((id) => !found.some((role) => role.id === id));
  if (missing.length > 0) throw validationError({ roles: `Unknown role ${missing[0]}.` });
}

async function setRoles(trx: Transaction<Database>, userId: number, ids: readonly number[]) {
  await trx.deleteFrom('user_role').where('user_id', '=', userId).execute();
  const unique = [...new Set(ids)];
  if (unique.length > 0)
    await trx
      .insertInto('user_role')
      .values(unique.map((roleId) => ({ user_id: userId, role_id: roleId })))
      .execute();
}

async function emailTaken(trx: Transaction<Database>, email: string, exceptId?: number) {
  let query = trx
    .selectFrom('users')
    .select('id')
    .where((eb) => eb(eb.fn('lower', ['email']), '=', email.toLowerCase()));
  if (exceptId) query = query.where('id', '!=', exceptId);
  return !!(await query.executeTakeFirst());
}

function audit(
  request: FastifyRequest,
  trx: Transaction<Database>,
  action: string,
  subjectId: number,
  before: unknown,
  after: unknown,
) {
  return recordAudit(trx, {
    actorId: currentUser(request).id,
    action,
    subjectType: 'users',
    subjectId,
    before,
    after,
    ipAddress: request.ip,
  });
}

export const adminUsers = {
  async create(request: FastifyRequest, payload: TCreateUserPayload): Promise<number> {
    const { db } = request.server.deps;
    const passwordHash = await hashPassword(payload.password);
    return db.transaction().execute(async (trx) => {
      if (await emailTaken(trx, payload.email)) throw validationError({ email: EMAIL_TAKEN_MESSAGE });
      const now = new Date();
      const user = await trx
        .insertInto('users')
        .values({
          email: payload.email,
          name: payload.name || payload.email.split('@')[0] || payload.email,
          password: passwordHash,
          email_verified_at: payload.email_verified ? now : null,
          created_at: now,
          updated_at: now,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      let roleIds = payload.roles;
      if (roleIds === undefined) {
        roleIds = (await trx.selectFrom('roles').select('id').where('default', '=', true).execute()).map(
          (r) => r.id,
        );
      }
      await checkRoleIds(trx, roleIds);
      await setRoles(trx, user.id, roleIds);
      await audit(request, trx, 'users.create', user.id, null, await auditView(trx, user.id));
      return user.id;
    });
  },

  /**
   * The admin's part of `PUT users/{id}`: email, verification, ban reason, roles and direct
   * grants, in the transaction of the account details (the caller wraps it in keepingAdmins).
   */
  async applyAdminChanges(
    trx: Transaction<Database>,
    user: UserRow,
    payload: TAdminUpdateUserPayload,
  ): Promise<void> {
    if (payload.email !== undefined && (await emailTaken(trx, payload.email, user.id)))
      throw validationError({ email: EMAIL_TAKEN_MESSAGE });
    if (payload.permissions) checkGrants(payload.permissions);
    if (payload.roles) await checkRoleIds(trx, payload.roles);
    const columns = {
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
    if (Object.keys(columns).length > 0)
      await trx
        .updateTable('users')
        .set({ ...columns, updated_at: new Date() })
        .where('id', '=', user.id)
        .execute();
    if (payload.roles) await setRoles(trx, user.id, payload.roles);
    if (payload.permissions) await replaceGrants(trx, { type: 'user', id: user.id }, payload.permissions);
  },

  auditView,

  auditUpdate(
    request: FastifyRequest,
    trx: Transaction<Database>,
    userId: number,
    before: unknown,
    after: unknown,
    banned?: boolean | null,
  ) {
    const action = banned === true ? 'users.ban' : banned === false ? 'users.unban' : 'users.update';
    return audit(request, trx, action, userId, before, after);
  },

  async bulkDelete(request: FastifyRequest, ids: number[]): Promise<number> {
    const { db, cache } = request.server.deps;
    const actor = currentUser(request);
    if (ids.includes(actor.id))
      throw validationError({ ids: 'You cannot delete your own account from the admin area.' });
    const { deleted, sessions } = await db.transaction().execute(async (trx) =>
      keepingAdmins(trx, actor.id, 'ids', async () => {
        const sessionRows = await trx
          .selectFrom('sessions')
          .select('id')
          .where('user_id', 'in', ids)
          .execute();
        const existing = await trx.selectFrom('users').select('id').where('id', 'in', ids).execute();
        for (const { id } of existing)
          await audit(request, trx, 'users.delete', id, await auditView(trx, id), null);
        await trx
          .deleteFrom('permissionables')
          .where('permissionable_type', '=', 'user')
          .where('permissionable_id', 'in', ids)
          .execute();
        const result = await trx.deleteFrom('users').where('id', 'in', ids).executeTakeFirst();
        return { deleted: Number(result.numDeletedRows), sessions: sessionRows.map((row) => row.id) };
      }),
    );
    await markSessionsRevoked(cache, sessions);
    return deleted;
  },

  async detail(request: FastifyRequest, user: UserRow): Promise<TAdminUser> {
    const { db } = request.server.deps;
    const [roles, grants, sessions, tokens] = await Promise.all([
      db
        .selectFrom('user_role')
        .innerJoin('roles', 'roles.id', 'user_role.role_id')
        .select(['roles.id', 'roles.name'])
        .where('user_role.user_id', '=', user.id)
        .orderBy('roles.id')
        .execute(),
      loadGrants(db, { type: 'user', id: user.id }),
      db
        .selectFrom('sessions')
        .select(['id', 'device_type', 'platform', 'browser', 'city', 'country', 'ip_address', 'last_active'])
        .where('user_id', '=', user.id)
        .where('expires_at', '>', new Date())
        .orderBy('last_active', 'desc')
        .execute(),
      db
        .selectFrom('personal_access_tokens')
        .select(['id', 'name', 'last_used_at', 'created_at'])
        .where('user_id', '=', user.id)
        .orderBy('id', 'desc')
        .execute(),
    ]);
    return {
      id: user.id,
      name: user.name,
      email: user.email,
      image: user.image,
      first_name: user.first_name,
      last_name: user.last_name,
      language: user.language,
      country: user.country,
      timezone: user.timezone,
      email_verified_at: iso(user.email_verified_at),
      banned_at: iso(user.banned_at),
      ban_reason: user.ban_reason,
      created_at: user.created_at.toISOString(),
      roles,
      direct_permissions: grants,
      two_factor_status: twoFactorStatus(user),
      has_password: Boolean(user.password),
      sessions: sessions.map((session) => ({
        id: `session-${session.id.slice(0, 16)}`,
        device_type: (session.device_type as 'mobile' | 'tablet' | 'desktop' | null) ?? null,
        platform: session.platform,
        browser: session.browser,
        city: session.city,
        country: session.country,
        ip_address: session.ip_address,
        last_active: session.last_active.toISOString(),
      })),
      tokens: tokens.map((token) => ({
        id: token.id,
        name: token.name,
        last_used_at: iso(token.last_used_at),
        created_at: token.created_at.toISOString(),
      })),
    };
  },

  /** "Log out everywhere": every session and access token of the user ends now. */
  async logoutEverywhere(request: FastifyRequest, userId: number): Promise<void> {
    const { db, cache } = request.server.deps;
    await db.transaction().execute(async (trx) => {
      const sessions = await trx.selectFrom('sessions').select('id').where('user_id', '=', userId).execute();
      const tokens = await trx
        .selectFrom('personal_access_tokens')
        .select('id')
        .where('user_id', '=', userId)
        .execute();
      await trx.deleteFrom('personal_access_tokens').where('user_id', '=', userId).execute();
      await audit(
        request,
        trx,
        'users.logout_everywhere',
        userId,
        { sessions: sessions.length, tokens: tokens.length },
        { sessions: 0, tokens: 0 },
      );
    });
    await revokeUserSessions({ db, cache }, userId);
  },

  async resetTwoFactor(request: FastifyRequest, user: UserRow): Promise<void> {
    const { db, cache } = request.server.deps;
    await db.transaction().execute(async (trx) => {
      await trx
        .updateTable('users')
        .set({
          two_factor_secret: null,
          two_factor_recovery_codes: null,
          two_factor_confirmed_at: null,
          two_factor_last_step: null,
          updated_at: new Date(),
        })
        .where('id', '=', user.id)
        .execute();
      await audit(
        request,
        trx,
        'users.two_factor_reset',
        user.id,
        { two_factor: twoFactorStatus(user) },
        { two_factor: 'disabled' },
      );
    });
    await forgetUserSessions({ db, cache }, user.id);
  },

  async revokeToken(request: FastifyRequest, userId: number, tokenId: number): Promise<void> {
    const { db } = request.server.deps;
    await db.transaction().execute(async (trx) => {
      const token = await trx
        .deleteFrom('personal_access_tokens')
        .where('id', '=', tokenId)
        .where('user_id', '=', userId)
        .returning(['id', 'name'])
        .executeTakeFirst();
      if (!token) throw new AppError('not_found');
      await audit(request, trx, 'users.token_revoke', userId, { token: token.name }, null);
    });
  },

  /** A fresh reset link (the previous one stops working), mailed to the user when asked. */
  async passwordResetLink(
    request: FastifyRequest,
    user: UserRow,
    sendEmail: boolean,
  ): Promise<TPasswordResetLinkResponse> {
    const { db, env } = request.server.deps;
    const token = generateToken();
    const expiresAt = new Date(Date.now() + RESET_TTL_MS);
    const values = {
      user_id: user.id,
      token_hash: hashToken(token),
      expires_at: expiresAt,
      created_at: new Date(),
    };
    await db.transaction().execute(async (trx) => {
      await trx
        .insertInto('password_resets')
        .values(values)
        .onConflict((oc) => oc.column('user_id').doUpdateSet(values))
        .execute();
      await audit(request, trx, 'users.password_reset_link', user.id, null, { emailed: sendEmail });
    });
    const url = `${env.PLAYER_URL}/password/reset/${token}?email=${encodeURIComponent(user.email)}`;
    if (sendEmail) {
      const siteName = String(await request.server.services.settings.get('branding.site_name'));
      void request.server.mailer.dispatch(passwordResetMail(user.email, url, siteName));
    }
    return { url, expires_at: expiresAt.toISOString() };
  },
};
