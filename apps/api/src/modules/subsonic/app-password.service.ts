import { randomBytes } from 'node:crypto';
import type { TSubsonicAccount } from '@cadence/contracts/subsonic';
import type { Kysely } from 'kysely';
import type { AuthUser } from '../../platform/auth/auth-user';
import type { Database } from '../../platform/db/schema';
import { encryptSecret } from '../settings/settings-crypto';
import { findCredentials, upsertCredentials } from './subsonic-credentials.repository';

type Deps = { db: Kysely<Database>; appKey: string; appUrl: string; isAvailable: () => Promise<boolean> };

/** 24 characters an app keyboard can type (no look-alikes such as 0/O, 1/l). */
const ALPHABET = 'abcdefghijkmnpqrstuvwxyzABCDEFGHJKLMNPQRSTUVWXYZ23456789';

export function generateAppPassword(): string {
  const bytes = randomBytes(24);
  return Array.from(bytes, (byte) => ALPHABET[byte % ALPHABET.length]).join('');
}

/** The account-settings side of Subsonic: the switch, and the app password made and revoked. */
export function createAppPasswordService({ db, appKey, appUrl, isAvailable }: Deps) {
  async function account(user: AuthUser): Promise<TSubsonicAccount> {
    const row = await findCredentials(db, user.id);
    return {
      is_available: await isAvailable(),
      is_enabled: row?.is_enabled ?? true,
      has_password: Boolean(row?.app_password),
      password_created_at: row?.password_created_at?.toISOString() ?? null,
      last_used_at: row?.last_used_at?.toISOString() ?? null,
      server_url: appUrl,
      username: user.email,
    };
  }

  async function regenerate(user: AuthUser) {
    const password = generateAppPassword();
    await upsertCredentials(db, user.id, {
      app_password: encryptSecret(password, appKey),
      password_created_at: new Date(),
    });
    return { subsonic: await account(user), app_password: password };
  }

  async function revoke(user: AuthUser) {
    await upsertCredentials(db, user.id, { app_password: null, password_created_at: null });
    return { subsonic: await account(user) };
  }

  async function setEnabled(user: AuthUser, isEnabled: boolean) {
    await upsertCredentials(db, user.id, { is_enabled: isEnabled });
    return { subsonic: await account(user) };
  }

  return { account, regenerate, revoke, setEnabled };
}
