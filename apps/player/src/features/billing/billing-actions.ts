import { fetchBootstrapData } from '@cadence/app-shell/bootstrap-store';
import type { QueryClient } from '@tanstack/react-query';

/** After a change to the subscription: fresh bootstrap data (guards, menu) and billing queries. */
export async function refreshBilling(queryClient: QueryClient) {
  await fetchBootstrapData().catch(() => undefined);
  await queryClient.invalidateQueries({ queryKey: ['billing'] });
}
