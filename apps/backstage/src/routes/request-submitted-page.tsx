import { useTrans } from '@cadence/app-shell/use-trans';
import type { TBackstageRequestResponse } from '@cadence/contracts/backstage';
import { apiClient } from '@cadence/http-client/http-client';
import { useQuery } from '@tanstack/react-query';
import CheckCircleIcon from 'lucide-react/icons/circle-check';
import { Link, useParams } from 'react-router';

const STATUS_TEXT = {
  pending: 'We will review your request and notify you when it has been decided.',
  approved: 'Your request was approved. You can upload your music now.',
  denied: 'Your request was denied.',
} as const;

/** /backstage/requests/{requestId}/request-submitted */
export function RequestSubmittedPage() {
  const { trans } = useTrans();
  const { requestId } = useParams();
  const query = useQuery({
    queryKey: ['backstage-requests', requestId],
    queryFn: () => apiClient.get<TBackstageRequestResponse>(`backstage-requests/${requestId}`),
  });
  const request = query.data?.request;
  return (
    <section className="flex flex-col items-center gap-4 py-10 text-center" data-testid="request-submitted">
      <CheckCircleIcon aria-hidden className="size-12 text-positive" />
      <h1 className="text-2xl font-semibold">{trans('Request submitted')}</h1>
      {query.isError && <p role="alert">{trans('There was an issue. Please try again.')}</p>}
      {request && (
        <>
          <p className="text-muted">{trans(STATUS_TEXT[request.status])}</p>
          {request.notes && <p>{request.notes}</p>}
          <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-left text-sm">
            <dt className="text-muted">{trans('Artist')}</dt>
            <dd>{request.artist?.name ?? request.artist_name}</dd>
            <dt className="text-muted">{trans('Status')}</dt>
            <dd data-testid="request-status">{trans(request.status)}</dd>
            <dt className="text-muted">{trans('Proof files')}</dt>
            <dd>{request.proofs.length}</dd>
          </dl>
        </>
      )}
      <Link to="/" className="text-primary underline">
        {trans('Back to backstage')}
      </Link>
    </section>
  );
}
