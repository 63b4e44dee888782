import { useTrans } from '@cadence/app-shell/use-trans';
import type { TWebhookEvent, TWebhookEventAnswer } from '@cadence/contracts/billing';
import { Dialog, DialogBody, DialogHeader } from '@cadence/ui/dialog';

export const PROVIDERS = { stripe: 'Stripe', paypal: 'PayPal' } as const;

export const dateTime = (iso: string) => new Date(iso).toLocaleString();

export function StatusText({ event }: { event: TWebhookEvent }) {
  const { trans } = useTrans();
  if (event.status === 'applied') return <>{trans('Applied')}</>;
  if (event.status === 'pending') return <>{trans('Pending')}</>;
  return (
    <>
      {trans('{count, plural, one {Failed (# attempt)} other {Failed (# attempts)}}', {
        count: String(event.attempts),
      })}
    </>
  );
}

/** The stored body, pretty-printed, as text in a dialog. */
export function EventDialog({ event, close }: { event: TWebhookEventAnswer['event']; close: () => void }) {
  const { trans } = useTrans();
  return (
    <Dialog
      isOpen
      size="2xl"
      onOpenChange={(isOpen) => {
        if (!isOpen) close();
      }}
    >
      <DialogHeader closeLabel={trans('Close')}>
        {event.event_type} · {event.event_id}
      </DialogHeader>
      <DialogBody>
        <dl className="mb-3 grid grid-cols-[max-content_1fr] gap-x-4 gap-y-1 text-sm">
          <dt className="font-medium">{trans('Provider')}</dt>
          <dd>{PROVIDERS[event.provider]}</dd>
          <dt className="font-medium">{trans('Received')}</dt>
          <dd>{dateTime(event.received_at)}</dd>
          <dt className="font-medium">{trans('Status')}</dt>
          <dd>
            <StatusText event={event} />
          </dd>
          {event.last_error && (
            <>
              <dt className="font-medium">{trans('Last error')}</dt>
              <dd className="break-words">{event.last_error}</dd>
            </>
          )}
        </dl>
        <pre
          className="max-h-[60vh] overflow-auto rounded bg-bg-alt p-3 text-xs"
          data-testid="webhook-payload"
          // A scrollable region must be reachable by keyboard.
          // biome-ignore lint/a11y/noNoninteractiveTabindex: scrollable text
          tabIndex={0}
        >
          {event.payload}
        </pre>
      </DialogBody>
    </Dialog>
  );
}
