import type { TChannelResponse } from '@cadence/contracts/channel';
import type { QueryClient } from '@tanstack/react-query';
import { channelPagesQuery } from './features/catalogue/catalogue-queries';

/** What the api inlines into `/` (apps/api spa-initial-data.ts): the home channel's first page. */
export type TInitialRouteData = {
  homeChannel?: { slugOrId: string; response: TChannelResponse; fetchedAt: number };
};

declare global {
  interface Window {
    initialRouteData?: TInitialRouteData;
  }
}

/**
 * Puts the inlined first page into the cache under the key the home route's loader and
 * ChannelView use, so `/` renders without waiting for that request. It is as old as the
 * moment the api read it (never newer than now, whatever the clocks say), so the usual
 * staleTime decides when it is fetched again. Read once: later navigations fetch as usual.
 */
export function seedInitialRouteData(queryClient: QueryClient, data = window.initialRouteData): void {
  window.initialRouteData = undefined;
  const home = data?.homeChannel;
  if (!home) return;
  queryClient.setQueryData(
    channelPagesQuery(home.slugOrId).queryKey,
    { pages: [home.response], pageParams: [1] },
    { updatedAt: Math.min(home.fetchedAt, Date.now()) },
  );
}
