import type { TAccountUser } from '@cadence/contracts/account';
import type { Kysely } from 'kysely';
import * as authRepository from '../../platform/auth/auth.repository';
import { toUserDto } from '../../platform/auth/auth-user';
import type { Database, UserRow } from '../../platform/db/schema';
import { tokensOf } from '../access-tokens/access-tokens.repository';
import * as socialRepository from '../social/social.repository';
import { recoveryHashes } from '../two-factor/two-factor-secret';

const iso = (value: Date | null) => (value ? value.toISOString() : null);

/** Spec 4 "Start step": enabled if confirmed, finishing if only recovery codes exist, else disabled. */
export function twoFactorStatus(user: UserRow): TAccountUser['two_factor_status'] {
  if (user.two_factor_confirmed_at) return 'enabled';
  return user.two_factor_secret || recoveryHashes(user).length > 0 ? 'finishing' : 'disabled';
}

/** The user with social profiles and (when `withTokens`) access tokens: what account settings read. */
export async function accountUserDto(
  db: Kysely<Database>,
  user: UserRow,
  withTokens: boolean,
): Promise<TAccountUser> {
  const [access, profiles, tokens] = await Promise.all([
    authRepository.loadAccess(db, user),
    socialRepository.connectedServices(db, user.id),
    withTokens ? tokensOf(db, user.id) : Promise.resolve([]),
  ]);
  return {
    ...toUserDto(access),
    social_profiles: profiles,
    tokens: tokens.map((token) => ({
      id: token.id,
      name: token.name,
      last_used_at: iso(token.last_used_at),
      created_at: token.created_at.toISOString(),
    })),
    two_factor_status: twoFactorStatus(user),
    has_password: Boolean(user.password),
  };
}
