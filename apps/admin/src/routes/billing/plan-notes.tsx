import { useTrans } from '@cadence/app-shell/use-trans';
import type { TProduct } from '@cadence/contracts/billing';
import { apiClient } from '@cadence/http-client/http-client';
import { Button } from '@cadence/ui/button';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { runRowAction } from '../music/run-action';

const PROVIDER_NAMES = { stripe: 'Stripe', paypal: 'PayPal' } as const;

/**
 * Under a plan's name in /admin/plans: "replace me" while it is the demo seed's, and a warning
 * with "Sync now" while an enabled provider does not know it (buyers could not pay through it).
 */
export function PlanNotes({ plan, endpoint }: { plan: TProduct; endpoint: string }) {
  const { trans } = useTrans();
  const queryClient = useQueryClient();
  const [isSyncing, setSyncing] = useState(false);
  const unsynced = plan.unsynced_gateways ?? [];
  const onSync = async () => {
    setSyncing(true);
    await runRowAction({
      endpoint,
      queryClient,
      call: () => apiClient.post(`${endpoint}/${plan.id}/sync`),
      done: trans('Plan synced'),
      failed: trans('There was an issue. Please try again.'),
    });
    setSyncing(false);
  };
  return (
    <>
      {plan.is_seed && (
        <p className="text-sm text-muted" data-testid="plan-seed-note">
          {trans('Example plan from the demo seed: replace me before you sell.')}
        </p>
      )}
      {unsynced.length > 0 && (
        <div role="status" className="mt-1 flex flex-wrap items-center gap-2 text-sm text-danger">
          <span>
            {trans(':providers does not know this plan yet: buyers cannot pay for it there.', {
              providers: unsynced.map((name) => PROVIDER_NAMES[name]).join(', '),
            })}
          </span>
          <Button
            size="xs"
            variant="outline"
            isDisabled={isSyncing}
            aria-label={trans('Sync :name now', { name: plan.name })}
            onPress={() => void onSync()}
          >
            {trans('Sync now')}
          </Button>
        </div>
      )}
    </>
  );
}
