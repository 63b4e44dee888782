import { toast } from '@cadence/app-shell/toast-store';
import { useTrans } from '@cadence/app-shell/use-trans';
import { REPORT_REASON_LABELS, REPORT_REASONS, type TReportableType } from '@cadence/contracts/report';
import { apiClient } from '@cadence/http-client/http-client';
import { isHttpError } from '@cadence/http-client/http-error';
import { Button } from '@cadence/ui/button';
import { Dialog, DialogBody, DialogFooter, DialogHeader } from '@cadence/ui/dialog';
import { useId, useState } from 'react';

export type TReportTarget = { type: TReportableType; id: number; name: string };

/** Asks for a reason (and details for "something else") and sends the report to the moderators. */
export function ReportDialog({ target, onClose }: { target: TReportTarget; onClose: () => void }) {
  const { trans } = useTrans();
  const id = useId();
  const [reason, setReason] = useState<(typeof REPORT_REASONS)[number]>('spam');
  const [details, setDetails] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [isSending, setIsSending] = useState(false);
  async function send() {
    setIsSending(true);
    setError(null);
    try {
      await apiClient.post('reports', {
        reportable_type: target.type,
        reportable_id: target.id,
        reason,
        details: details.trim() || null,
      });
      toast.positive(trans('Thanks, we will take a look.'));
      onClose();
    } catch (caught) {
      setError(isHttpError(caught) ? caught.message : trans('There was an issue. Please try again later.'));
    } finally {
      setIsSending(false);
    }
  }
  return (
    <Dialog isOpen size="sm" onOpenChange={(isOpen) => !isOpen && onClose()}>
      <DialogHeader closeLabel={trans('Close')}>
        {trans('Report ":name"', { name: target.name })}
      </DialogHeader>
      <DialogBody>
        <fieldset className="flex flex-col gap-2" data-testid="report-reasons">
          <legend className="mb-1 text-sm font-medium">{trans('What is wrong?')}</legend>
          {REPORT_REASONS.map((value) => (
            <label key={value} className="flex items-center gap-2 text-sm">
              <input
                type="radio"
                name={`${id}-reason`}
                value={value}
                checked={reason === value}
                onChange={() => setReason(value)}
              />
              {trans(REPORT_REASON_LABELS[value])}
            </label>
          ))}
        </fieldset>
        <label className="mt-3 flex flex-col gap-1 text-sm" htmlFor={`${id}-details`}>
          <span className="font-medium">{trans('Details')}</span>
          <textarea
            id={`${id}-details`}
            rows={3}
            maxLength={1000}
            value={details}
            onChange={(event) => setDetails(event.target.value)}
            className="rounded-input border border-divider bg-transparent p-2"
          />
        </label>
        {error && (
          <p role="alert" className="mt-2 text-sm text-danger">
            {error}
          </p>
        )}
      </DialogBody>
      <DialogFooter>
        <Button variant="text" onPress={onClose}>
          {trans('Cancel')}
        </Button>
        <Button onPress={() => void send()} isDisabled={isSending} data-testid="send-report">
          {trans('Send report')}
        </Button>
      </DialogFooter>
    </Dialog>
  );
}
