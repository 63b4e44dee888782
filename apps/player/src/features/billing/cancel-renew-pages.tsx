import { toast } from '@cadence/app-shell/toast-store';
import { useTrans } from '@cadence/app-shell/use-trans';
import { Button } from '@cadence/ui/button';
import { buttonClasses } from '@cadence/ui/button-styles';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link, useNavigate } from 'react-router';
import { refreshBilling } from './billing-actions';
import { formatDate } from './billing-format';
import { billingOverviewQuery, subscriptionAction } from './billing-queries';
import { BillingError, BillingFrame, BillingLoading } from './billing-states';

function SubscriptionActionPage({
  action,
  title,
  text,
  confirmLabel,
  doneMessage,
  testId,
}: {
  action: 'cancel' | 'renew';
  title: string;
  text: string;
  confirmLabel: string;
  doneMessage: string;
  testId: string;
}) {
  const { trans } = useTrans();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const overview = useQuery(billingOverviewQuery());
  const run = useMutation({
    mutationFn: () => subscriptionAction(action),
    onSuccess: async () => {
      await refreshBilling(queryClient);
      toast.positive(trans(doneMessage));
      navigate('/billing');
    },
  });
  const subscription = overview.data?.subscription;
  const date = formatDate(subscription?.ends_at ?? subscription?.renews_at);
  return (
    <BillingFrame title={trans(title)} testId={testId}>
      {overview.isPending ? (
        <BillingLoading />
      ) : overview.isError ? (
        <BillingError error={overview.error} />
      ) : (
        <>
          <p>{trans(text, { plan: subscription?.product?.name ?? '', date })}</p>
          {run.isError && <BillingError error={run.error} />}
          <div className="flex flex-wrap gap-3">
            <Button isDisabled={run.isPending || run.isSuccess} onPress={() => run.mutate()}>
              {trans(confirmLabel)}
            </Button>
            <Link to="/billing" className={buttonClasses({ variant: 'outline' })}>
              {trans('Go back')}
            </Link>
          </div>
        </>
      )}
    </BillingFrame>
  );
}

/** Spec 2.8 /billing/cancel: at the end of the paid period; access stays until then. */
export function CancelPage() {
  return (
    <SubscriptionActionPage
      action="cancel"
      title="Cancel your plan"
      text="Your :plan plan will be cancelled at the end of the current period, on :date. You keep access until then."
      confirmLabel="Cancel plan"
      doneMessage="Your plan has been cancelled."
      testId="cancel-page"
    />
  );
}

/** Spec 2.8 /billing/renew: undoes a pending cancellation. */
export function RenewPage() {
  return (
    <SubscriptionActionPage
      action="renew"
      title="Renew your plan"
      text="Your :plan plan ends on :date. Renew it to keep it going after that date."
      confirmLabel="Renew plan"
      doneMessage="Your plan has been renewed."
      testId="renew-page"
    />
  );
}
