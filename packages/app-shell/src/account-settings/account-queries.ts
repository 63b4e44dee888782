import type { TAccountUser, TAccountUserResponse } from '@cadence/contracts/account';
import type { TUserSessionsResponse } from '@cadence/contracts/sessions';
import type { TTwoFactorQrCodeResponse } from '@cadence/contracts/two-factor';
import type { TUser } from '@cadence/contracts/user';
import type { TValueListName, TValueListsResponse } from '@cadence/contracts/value-lists';
import { apiClient } from '@cadence/http-client/http-client';
import { queryOptions } from '@tanstack/react-query';
import { getBootstrapData, setBootstrapData } from '../bootstrap-store';

export const accountKeys = {
  user: ['account', 'user'] as const,
  sessions: ['account', 'sessions'] as const,
  twoFactorQr: ['account', 'two-factor-qr'] as const,
  valueLists: (names: readonly TValueListName[]) => ['value-lists', names.join(',')] as const,
};

/** The signed-in user with the relations account settings reads (social profiles, tokens). */
export function accountUserQueryOptions() {
  return queryOptions({
    queryKey: accountKeys.user,
    queryFn: ({ signal }) =>
      apiClient.get<TAccountUserResponse>('users/me', { signal }).then((body) => body.user),
  });
}

export function userSessionsQueryOptions() {
  return queryOptions({
    queryKey: accountKeys.sessions,
    queryFn: ({ signal }) =>
      apiClient.get<TUserSessionsResponse>('user-sessions', { signal }).then((body) => body.sessions),
  });
}

export function twoFactorQrCodeQueryOptions() {
  return queryOptions({
    queryKey: accountKeys.twoFactorQr,
    queryFn: ({ signal }) =>
      apiClient.get<TTwoFactorQrCodeResponse>('auth/user/two-factor/qr-code', { signal }),
    staleTime: Number.POSITIVE_INFINITY,
  });
}

export function valueListsQueryOptions(names: readonly TValueListName[]) {
  return queryOptions({
    queryKey: accountKeys.valueLists(names),
    queryFn: ({ signal }) => apiClient.get<TValueListsResponse>(`value-lists/${names.join(',')}`, { signal }),
    staleTime: Number.POSITIVE_INFINITY,
  });
}

/** Keeps the shell (navbar name, avatar, gate) in step with what the account page saved. */
export function syncBootstrapUser(user: TUser | TAccountUser): void {
  const data = getBootstrapData();
  if (!data.user) return;
  setBootstrapData({ ...data, user: { ...data.user, ...pickUserFields(user) } });
}

/** The user fields the shell shows; the rest of the account payload stays on the account page. */
const SHELL_USER_FIELDS = [
  'id',
  'name',
  'image',
  'email',
  'first_name',
  'last_name',
  'language',
  'country',
  'timezone',
  'two_factor_confirmed_at',
] as const satisfies readonly (keyof TUser & keyof TAccountUser)[];

function pickUserFields(user: TUser | TAccountUser): Partial<TUser> {
  return Object.fromEntries(SHELL_USER_FIELDS.map((field) => [field, user[field]])) as Partial<TUser>;
}
