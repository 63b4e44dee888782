import type {
  TAdminUser,
  TAdminUserListItem,
  TAdminUsersQuery,
  TCreateUserPayload,
  TPasswordResetLinkResponse,
} from '@cadence/contracts/admin-users';
import type { Kysely } from 'kysely';
import type { Env } from '../../env';
import { announceEndedAccess, deleteAccess } from '../../platform/auth/end-access';
import { hashPassword } from '../../platform/auth/password';
import { forgetUserSessions } from '../../platform/auth/session-cache';
import { generateToken, hashToken } from '../../platform/auth/tokens';
import { mapAdminPage } from '../../platform/db/admin-list';
import type { Database, UserRow } from '../../platform/db/schema';
import { AppError, validationError } from '../../platform/http/app-error';
import type { Mailer } from '../../platform/mail/mailer';
import type { EndedCredentials, RealtimeHub } from '../../platform/realtime/realtime-hub';
import type { Cache } from '../../platform/redis/services';
import { EMAIL_TAKEN_MESSAGE } from '../auth/auth-messages';
import { changingCatalogue } from '../catalogue/catalogue-invalidation';
import { passwordResetMail } from '../mail/password-reset.mail';
import { keepingAdmins } from '../roles/admin-invariants';
import { loadGrants } from '../roles/grants.repository';
import type { SettingsService } from '../settings/settings.service';
import { twoFactorStatus } from '../users/account-user';
import { type Actor, auditUser, auditView, checkRoleIds, setRoles } from './admin-user-changes';
import * as users from './admin-users.repository';
import * as credentials from './user-credentials.repository';

const iso = (value: Date | null) => (value ? value.toISOString() : null);
const RESET_TTL_MS = 60 * 60 * 1000;

type Deps = {
  db: Kysely<Database>;
  cache: Cache;
  env: Env;
  settings: SettingsService;
  realtime: RealtimeHub;
  /** Read when a mail goes out: the mail plugin may register after the routes. */
  mailer: () => Mailer;
};

/** The admin's users pages (spec 2.12): list, create, delete, and the user's access. */
export function createAdminUsersService({ db, cache, env, settings, realtime, mailer }: Deps) {
  return {
    /** One page of users (search, filters, sort) with their role names. */
    async list(params: TAdminUsersQuery) {
      const page = await users.page(db, params);
      const ids = page.pagination.data.map((row) => row.id);
      const roles = ids.length ? await users.rolesOfUsers(db, ids) : [];
      return mapAdminPage(page, (rows) =>
        rows.map(
          (row): TAdminUserListItem => ({
            id: row.id,
            name: row.name,
            email: row.email,
            image: row.image,
            email_verified_at: iso(row.email_verified_at),
            banned_at: iso(row.banned_at),
            created_at: row.created_at.toISOString(),
            roles: roles
              .filter((role) => role.user_id === row.id)
              .map((role) => ({ id: role.id, name: role.name })),
          }),
        ),
      );
    },

    async create(actor: Actor, payload: TCreateUserPayload): Promise<number> {
      const passwordHash = await hashPassword(payload.password);
      return db.transaction().execute(async (trx) => {
        if (await users.emailTaken(trx, payload.email)) throw validationError({ email: EMAIL_TAKEN_MESSAGE });
        const now = new Date();
        const id = await users.insert(trx, {
          email: payload.email,
          // No name stays no name (''): a name made of the address would show it to everyone.
          name: payload.name ?? '',
          password: passwordHash,
          email_verified_at: payload.email_verified ? now : null,
          now,
        });
        const roleIds = payload.roles ?? (await users.defaultRoleIds(trx));
        await checkRoleIds(trx, roleIds);
        await setRoles(trx, id, roleIds);
        await auditUser(actor, trx, 'users.create', id, null, await auditView(trx, id));
        return id;
      });
    },

    async bulkDelete(actor: Actor, ids: number[]): Promise<number> {
      if (ids.includes(actor.id))
        throw validationError({ ids: 'You cannot delete your own account from the admin area.' });
      // Their playlists go with them (cascade): their cached pages are dropped once this commits.
      // Their sessions and tokens end first, so that their open sockets close with the rows.
      const { deleted, ended } = await changingCatalogue(db, { users: ids }, () =>
        db.transaction().execute(async (trx) =>
          keepingAdmins(trx, actor.id, 'ids', async () => {
            const gone: { userId: number; credentials: EndedCredentials }[] = [];
            for (const id of await users.existingIds(trx, ids)) {
              await auditUser(actor, trx, 'users.delete', id, await auditView(trx, id), null);
              gone.push({
                userId: id,
                credentials: await deleteAccess(trx, id, { keepSessionId: null, tokens: true }),
              });
            }
            return { deleted: await users.remove(trx, ids), ended: gone };
          }),
        ),
      );
      for (const { userId, credentials: what } of ended)
        await announceEndedAccess({ cache, realtime }, userId, what);
      return deleted;
    },

    async detail(user: UserRow): Promise<TAdminUser> {
      const [roles, grants, sessions, tokens] = await Promise.all([
        users.rolesOfUsers(db, [user.id]),
        loadGrants(db, { type: 'user', id: user.id }),
        credentials.liveSessions(db, user.id),
        credentials.tokens(db, user.id),
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
        roles: roles.map((role) => ({ id: role.id, name: role.name })),
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

    /** "Log out everywhere": every session, open socket and access token of the user ends now. */
    async logoutEverywhere(actor: Actor, userId: number): Promise<void> {
      const ended = await db.transaction().execute(async (trx) => {
        const gone = await deleteAccess(trx, userId, { keepSessionId: null, tokens: true });
        await auditUser(
          actor,
          trx,
          'users.logout_everywhere',
          userId,
          { sessions: gone.sessionIds.length, tokens: gone.tokenIds.length },
          { sessions: 0, tokens: 0 },
        );
        return gone;
      });
      await announceEndedAccess({ cache, realtime }, userId, ended);
    },

    async resetTwoFactor(actor: Actor, user: UserRow): Promise<void> {
      await db.transaction().execute(async (trx) => {
        await credentials.clearTwoFactor(trx, user.id);
        await auditUser(
          actor,
          trx,
          'users.two_factor_reset',
          user.id,
          { two_factor: twoFactorStatus(user) },
          { two_factor: 'disabled' },
        );
      });
      await forgetUserSessions({ db, cache }, user.id);
    },

    async revokeToken(actor: Actor, userId: number, tokenId: number): Promise<void> {
      await db.transaction().execute(async (trx) => {
        const token = await credentials.deleteToken(trx, userId, tokenId);
        if (!token) throw new AppError('not_found');
        await auditUser(actor, trx, 'users.token_revoke', userId, { token: token.name }, null);
      });
      await realtime.endCredentials(userId, { sessionIds: [], tokenIds: [tokenId] });
    },

    /** A fresh reset link (the previous one stops working), mailed to the user when asked. */
    async passwordResetLink(
      actor: Actor,
      user: UserRow,
      sendEmail: boolean,
    ): Promise<TPasswordResetLinkResponse> {
      const token = generateToken();
      const expiresAt = new Date(Date.now() + RESET_TTL_MS);
      await db.transaction().execute(async (trx) => {
        await credentials.savePasswordReset(trx, {
          user_id: user.id,
          token_hash: hashToken(token),
          expires_at: expiresAt,
          created_at: new Date(),
        });
        await auditUser(actor, trx, 'users.password_reset_link', user.id, null, { emailed: sendEmail });
      });
      const url = `${env.PLAYER_URL}/password/reset/${token}?email=${encodeURIComponent(user.email)}`;
      if (sendEmail) {
        const siteName = String(await settings.get('branding.site_name'));
        void mailer().dispatch(passwordResetMail(user.email, url, siteName));
      }
      return { url, expires_at: expiresAt.toISOString() };
    },
  };
}

export type AdminUsersService = ReturnType<typeof createAdminUsersService>;
