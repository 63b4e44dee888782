import { AdminForm } from '@cadence/admin-kit/admin-form';
import { FormTextarea } from '@cadence/admin-kit/form-fields';
import { useAdminForm } from '@cadence/admin-kit/use-admin-form';
import { useTrans } from '@cadence/app-shell/use-trans';
import { type TBackstageRequestResponse, ZBackstageReviewSchema } from '@cadence/contracts/backstage';
import { apiUrl } from '@cadence/http-client/api-base-url';
import { apiClient } from '@cadence/http-client/http-client';
import { Button } from '@cadence/ui/button';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useRef } from 'react';
import { Link, useParams } from 'react-router';
import type { z } from 'zod';
import { REQUEST_TYPE_LABELS } from './backstage-requests-page';

type TValues = z.input<typeof ZBackstageReviewSchema>;

/** /admin/backstage-requests/{requestId}: the request, its proofs, approve or deny with notes. */
export function BackstageRequestPage() {
  const { trans } = useTrans();
  const { requestId } = useParams();
  const queryClient = useQueryClient();
  // Read at submit time: both buttons submit the same notes to a different endpoint.
  const decision = useRef<'approve' | 'deny'>('approve');
  const query = useQuery({
    queryKey: ['backstage-requests', requestId],
    queryFn: () => apiClient.get<TBackstageRequestResponse>(`backstage-requests/${requestId}`),
  });
  const adminForm = useAdminForm({
    schema: ZBackstageReviewSchema,
    defaultValues: { notes: '' },
    submit: (values) =>
      apiClient.post<TBackstageRequestResponse>(
        `backstage-requests/${requestId}/${decision.current}`,
        values,
      ),
    successMessage: trans('Request decided'),
    onSuccess: (result) => {
      queryClient.setQueryData(['backstage-requests', requestId], result);
      void queryClient.invalidateQueries({ queryKey: ['admin-list', 'backstage-requests'] });
    },
  });
  const request = query.data?.request;
  if (query.isError) return <p role="alert">{trans('There was an issue. Please try again.')}</p>;
  if (!request) return <p className="text-muted">{trans('Loading...')}</p>;
  return (
    <section className="flex max-w-3xl flex-col gap-6" data-testid="backstage-request">
      <div>
        <Link to="/backstage-requests" className="text-sm text-primary underline">
          {trans('Backstage requests')}
        </Link>
        <h1 className="mt-2 text-2xl font-semibold">
          {trans(REQUEST_TYPE_LABELS[request.type])}: {request.artist?.name ?? request.artist_name}
        </h1>
      </div>
      <dl className="grid grid-cols-[auto_1fr] gap-x-6 gap-y-2 text-sm">
        <dt className="text-muted">{trans('Status')}</dt>
        <dd data-testid="request-status">{trans(request.status)}</dd>
        <dt className="text-muted">{trans('Requester')}</dt>
        <dd>
          <Link
            to={`/users/${request.user.id}`}
            className="font-medium text-primary underline"
            data-testid="request-requester"
          >
            {request.user.name || request.user.email || trans('User')}
          </Link>
          {request.user.name && request.user.email ? (
            <span className="text-muted"> · {request.user.email}</span>
          ) : null}
        </dd>
        <dt className="text-muted">{trans('Role')}</dt>
        <dd>{request.data.role || '—'}</dd>
        <dt className="text-muted">{trans('Company')}</dt>
        <dd>{request.data.company || '—'}</dd>
        <dt className="text-muted">{trans('Links')}</dt>
        <dd>
          {request.data.links.length === 0
            ? '—'
            : request.data.links.map((link) => (
                <a
                  key={link.url}
                  href={link.url}
                  className="mr-3 text-primary underline"
                  rel="noreferrer noopener"
                  target="_blank"
                >
                  {link.title || link.url}
                </a>
              ))}
        </dd>
        <dt className="text-muted">{trans('Requested')}</dt>
        <dd>{new Date(request.created_at).toLocaleString()}</dd>
        {request.notes && (
          <>
            <dt className="text-muted">{trans('Notes')}</dt>
            <dd>{request.notes}</dd>
          </>
        )}
      </dl>
      {request.data.image && (
        <img
          src={request.data.image}
          alt={trans('Image sent with the request')}
          className="size-32 rounded object-cover"
        />
      )}
      <section aria-labelledby="proofs-heading" className="flex flex-col gap-2">
        <h2 id="proofs-heading" className="text-lg font-semibold">
          {trans('Proof files')}
        </h2>
        {request.proofs.length === 0 && <p className="text-sm text-muted">{trans('No proof files.')}</p>}
        <ul className="flex flex-col gap-1">
          {request.proofs.map((proof) => (
            <li key={proof.id}>
              <a className="text-primary underline" href={apiUrl(proof.url)} target="_blank" rel="noreferrer">
                {proof.name}
              </a>{' '}
              <span className="text-xs text-muted">{proof.mime}</span>
            </li>
          ))}
        </ul>
      </section>
      {request.status === 'pending' && (
        <AdminForm adminForm={adminForm} guard={false}>
          <FormTextarea<TValues> name="notes" label={trans('Notes for the requester')} rows={3} />
          <div className="flex gap-3">
            <Button
              onPress={() => {
                decision.current = 'approve';
                void adminForm.onSubmit();
              }}
            >
              {trans('Approve')}
            </Button>
            <Button
              variant="outline"
              onPress={() => {
                decision.current = 'deny';
                // The deny endpoint requires notes; the server's 422 lands on the field.
                void adminForm.onSubmit();
              }}
            >
              {trans('Deny')}
            </Button>
          </div>
        </AdminForm>
      )}
    </section>
  );
}
