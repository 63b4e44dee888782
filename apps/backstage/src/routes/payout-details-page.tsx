import { AdminForm, SubmitButton } from '@cadence/admin-kit/admin-form';
import { FormSelect, FormTextField } from '@cadence/admin-kit/form-fields';
import { useAdminForm } from '@cadence/admin-kit/use-admin-form';
import { NotFoundPage } from '@cadence/app-shell/error-pages';
import { toast } from '@cadence/app-shell/toast-store';
import { useTrans } from '@cadence/app-shell/use-trans';
import {
  type TPayoutDetailsAnswer,
  type TPayoutDetailsInput,
  ZPayoutDetailsSchema,
} from '@cadence/contracts/payouts';
import { apiClient } from '@cadence/http-client/http-client';
import { isHttpError } from '@cadence/http-client/http-error';
import { Button } from '@cadence/ui/button';
import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useWatch } from 'react-hook-form';
import { Link, useParams, useSearchParams } from 'react-router';

export const payoutDetailsQuery = (artistId: string) =>
  queryOptions({
    queryKey: ['backstage', 'payout-details', artistId],
    queryFn: () => apiClient.get<TPayoutDetailsAnswer>(`artists/${artistId}/payout-details`),
    retry: false,
  });

type TDetails = NonNullable<TPayoutDetailsAnswer['confirmed']>;

function DetailsList({ details }: { details: TDetails }) {
  const { trans } = useTrans();
  const rows: [string, string][] =
    details.method === 'bank_transfer'
      ? [
          [trans('Method'), trans('Bank transfer')],
          [trans('Payee name'), details.payee_name],
          [trans('IBAN'), details.iban],
          [trans('BIC'), details.bic],
        ]
      : [
          [trans('Method'), trans('PayPal')],
          [trans('Payee name'), details.payee_name],
          [trans('PayPal email'), details.paypal_email],
        ];
  return (
    <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
      {rows.map(([term, value]) => (
        <div key={term} className="contents">
          <dt className="text-muted">{term}</dt>
          <dd className="font-medium break-all">{value}</dd>
        </div>
      ))}
    </dl>
  );
}

/** The emailed link lands here with `?confirm=`: the manager confirms with one explicit press. */
function ConfirmPanel({
  artistId,
  token,
  answer,
}: {
  artistId: string;
  token: string;
  answer: TPayoutDetailsAnswer;
}) {
  const { trans } = useTrans();
  const queryClient = useQueryClient();
  const [, setSearchParams] = useSearchParams();
  const [isBusy, setBusy] = useState(false);
  const onConfirm = async () => {
    setBusy(true);
    try {
      const next = await apiClient.post<TPayoutDetailsAnswer>(`artists/${artistId}/payout-details/confirm`, {
        token,
      });
      queryClient.setQueryData(payoutDetailsQuery(artistId).queryKey, next);
      toast.positive(trans('Payout details confirmed'));
      setSearchParams({}, { replace: true });
    } catch (error) {
      toast.danger(isHttpError(error) ? error.message : trans('There was an issue. Please try again later.'));
    } finally {
      setBusy(false);
    }
  };
  return (
    <section
      aria-labelledby="confirm-heading"
      className="flex flex-col gap-3 rounded-panel border border-primary p-4"
      data-testid="payout-details-confirm"
    >
      <h2 id="confirm-heading" className="text-lg font-semibold">
        {trans('Confirm the new payout details')}
      </h2>
      {answer.pending ? (
        <DetailsList details={answer.pending.details} />
      ) : (
        <p>{trans('No change is waiting for confirmation: this link was used, replaced or has expired.')}</p>
      )}
      {answer.pending && (
        <div>
          <Button onPress={onConfirm} isDisabled={isBusy}>
            {trans('Confirm payout details')}
          </Button>
        </div>
      )}
    </section>
  );
}

function DetailsForm({ artistId }: { artistId: string }) {
  const { trans } = useTrans();
  const queryClient = useQueryClient();
  const adminForm = useAdminForm({
    schema: ZPayoutDetailsSchema,
    defaultValues: { method: 'bank_transfer', payee_name: '', iban: '', bic: '' } as TPayoutDetailsInput,
    submit: (values) => apiClient.put<TPayoutDetailsAnswer>(`artists/${artistId}/payout-details`, values),
    successMessage: trans('We emailed a confirmation link to the artist’s managers'),
    onSuccess: (answer) => queryClient.setQueryData(payoutDetailsQuery(artistId).queryKey, answer),
  });
  const method = useWatch({ control: adminForm.form.control, name: 'method' });
  return (
    <AdminForm adminForm={adminForm}>
      <FormSelect<TPayoutDetailsInput>
        name="method"
        label={trans('Method')}
        isRequired
        options={[
          { value: 'bank_transfer', label: trans('Bank transfer') },
          { value: 'paypal', label: trans('PayPal') },
        ]}
      />
      <FormTextField<TPayoutDetailsInput> name="payee_name" label={trans('Payee name')} isRequired />
      {method === 'paypal' ? (
        <FormTextField<TPayoutDetailsInput>
          name={'paypal_email' as never}
          label={trans('PayPal email')}
          type="email"
          isRequired
        />
      ) : (
        <div className="grid gap-4 sm:grid-cols-2">
          <FormTextField<TPayoutDetailsInput> name={'iban' as never} label={trans('IBAN')} isRequired />
          <FormTextField<TPayoutDetailsInput> name={'bic' as never} label={trans('BIC')} isRequired />
        </div>
      )}
      <div>
        <SubmitButton>{trans('Save payout details')}</SubmitButton>
      </div>
    </AdminForm>
  );
}

/**
 * /backstage/artists/{id}/payout-details (issue 39): where the artist's payouts go. Only the
 * artist's managers reach it; a change takes effect once a manager follows the emailed link.
 */
export function PayoutDetailsPage() {
  const { trans } = useTrans();
  const artistId = useParams().artistId ?? '';
  const [searchParams] = useSearchParams();
  const token = searchParams.get('confirm');
  const details = useQuery(payoutDetailsQuery(artistId));
  if (details.isError) return <NotFoundPage />;
  if (!details.data)
    return (
      <p role="status" className="text-muted">
        {trans('Loading…')}
      </p>
    );
  const { confirmed, pending } = details.data;
  return (
    <section className="flex max-w-2xl flex-col gap-6" data-testid="backstage-payout-details">
      <div>
        <h1 className="text-2xl font-semibold">{trans('Payout details')}</h1>
        <p className="text-muted">
          {trans(
            'Where your earnings are paid. A change takes effect once a manager of the artist confirms it from the email we send.',
          )}
        </p>
        <Link to={`/artists/${artistId}/earnings`} className="text-sm text-primary underline">
          {trans('Earnings')}
        </Link>
      </div>
      {token && <ConfirmPanel artistId={artistId} token={token} answer={details.data} />}
      <div className="flex flex-col gap-2">
        <h2 className="text-lg font-semibold">{trans('In effect')}</h2>
        {confirmed ? (
          <DetailsList details={confirmed} />
        ) : (
          <p className="text-muted">{trans('No payout details yet: payouts wait until you add them.')}</p>
        )}
      </div>
      {pending && !token && (
        <p role="status" className="rounded-panel bg-primary/10 p-3 text-sm">
          {trans(
            'A change is waiting for confirmation: follow the link in the email sent to the artist’s managers.',
          )}
        </p>
      )}
      <div className="flex flex-col gap-2">
        <h2 className="text-lg font-semibold">{trans('Change payout details')}</h2>
        <DetailsForm artistId={artistId} />
      </div>
    </section>
  );
}
