import { getBootstrapData } from '@cadence/app-shell/bootstrap-store';
import { homePageOf } from '@cadence/contracts/homepage';
import type { QueryClient } from '@tanstack/react-query';
import { prefetchChannel } from '../channels/channel-prefetch';
import { customPageQuery } from '../custom-pages/custom-page-queries';

/** The `/` route loader: starts what the home page shows (its channel or custom page), not waiting. */
export function prefetchHome(queryClient: QueryClient): null {
  const { settings, user } = getBootstrapData();
  const home = homePageOf(settings, user !== null);
  if (home.kind === 'channel') return prefetchChannel(queryClient, home.slugOrId);
  if (home.kind === 'customPage') void queryClient.prefetchQuery(customPageQuery(home.pageKey));
  return null;
}
