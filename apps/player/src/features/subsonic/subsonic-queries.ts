import type {
  TSubsonicAccountResponse,
  TSubsonicPasswordResponse,
  TSubsonicSettingsPayload,
} from '@cadence/contracts/subsonic';
import { apiClient } from '@cadence/http-client/http-client';
import { queryOptions } from '@tanstack/react-query';

export const subsonicKeys = { account: ['account', 'subsonic'] as const };

/** The "Subsonic apps" section's state: the switch, whether an app password exists, where to connect. */
export function subsonicAccountQueryOptions() {
  return queryOptions({
    queryKey: subsonicKeys.account,
    queryFn: ({ signal }) =>
      apiClient.get<TSubsonicAccountResponse>('account/subsonic', { signal }).then((body) => body.subsonic),
  });
}

export const subsonicActions = {
  newPassword: () => apiClient.post<TSubsonicPasswordResponse>('account/subsonic/password'),
  revokePassword: () => apiClient.delete<TSubsonicAccountResponse>('account/subsonic/password'),
  setEnabled: (payload: TSubsonicSettingsPayload) =>
    apiClient.put<TSubsonicAccountResponse>('account/subsonic', payload),
};
