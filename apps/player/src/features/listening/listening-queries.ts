import type { TListeningSettings, TListeningSettingsPayload } from '@cadence/contracts/transcoding';
import { apiClient } from '@cadence/http-client/http-client';
import { queryOptions } from '@tanstack/react-query';

type TResponse = { settings: TListeningSettings };

export const listeningKeys = { settings: ['account', 'listening'] as const };

/** Account settings' "Listening" section: bitrate, format, loudness, pre-amp, crossfade. */
export function listeningSettingsQueryOptions() {
  return queryOptions({
    queryKey: listeningKeys.settings,
    queryFn: ({ signal }) =>
      apiClient.get<TResponse>('account/listening', { signal }).then((body) => body.settings),
  });
}

export const saveListeningSettings = (payload: TListeningSettingsPayload) =>
  apiClient.put<TResponse>('account/listening', payload).then((body) => body.settings);
