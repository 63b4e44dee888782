import type { TBackstageOverview } from '@cadence/contracts/backstage';
import { apiClient } from '@cadence/http-client/http-client';
import { queryOptions } from '@tanstack/react-query';

/** The signed-in user's artists, music and requests: the home page and the navigation share it. */
export const backstageOverviewQuery = () =>
  queryOptions({
    queryKey: ['backstage', 'overview'],
    queryFn: () => apiClient.get<TBackstageOverview>('backstage/overview'),
  });
