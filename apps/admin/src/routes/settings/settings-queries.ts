import type { TQueueStatus, TSettingsResponse } from '@cadence/contracts/settings-api';
import { apiClient } from '@cadence/http-client/http-client';
import { queryOptions } from '@tanstack/react-query';

export const SETTINGS_QUERY_KEY = ['admin', 'settings'] as const;

export const settingsQuery = () =>
  queryOptions({
    queryKey: SETTINGS_QUERY_KEY,
    queryFn: () => apiClient.get<TSettingsResponse>('settings'),
  });

export const queueQuery = () =>
  queryOptions({
    queryKey: ['admin', 'settings', 'queue'] as const,
    queryFn: () => apiClient.get<TQueueStatus>('settings/queue'),
  });
