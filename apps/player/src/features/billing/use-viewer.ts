import { useAuth } from '@cadence/app-shell/use-auth';
import { useQuery } from '@tanstack/react-query';
import { billingOverviewQuery } from './billing-queries';
import type { TViewer } from './pricing-model';

/** Who looks at the plans: a subscriber's current price comes from their billing overview. */
export function useViewer(): TViewer {
  const { isLoggedIn, isSubscribed } = useAuth();
  const overview = useQuery({ ...billingOverviewQuery(), enabled: isSubscribed });
  const subscription = overview.data?.subscription;
  return {
    isLoggedIn,
    isSubscribed,
    currentPriceId: isSubscribed && subscription?.valid ? subscription.price_id : null,
  };
}
