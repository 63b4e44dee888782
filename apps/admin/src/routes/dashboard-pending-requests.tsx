import { useBootstrapData } from '@cadence/app-shell/use-bootstrap-data';
import { useTrans } from '@cadence/app-shell/use-trans';
import type { TPendingRequest } from '@cadence/contracts/admin-overview';
import { useId } from 'react';
import { Link } from 'react-router';
import { REQUEST_TYPE_LABELS } from './backstage-requests/backstage-requests-page';

/** The backstage requests waiting for a decision: how many, and the oldest ones to open. */
export function PendingRequests({ pending }: { pending: { total: number; oldest: TPendingRequest[] } }) {
  const { trans } = useTrans();
  const { i18n } = useBootstrapData();
  const headingId = useId();
  return (
    <section
      aria-labelledby={headingId}
      className="flex flex-col gap-3 rounded-panel border border-divider bg-paper p-4"
      data-testid="dashboard-pending-requests"
    >
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 id={headingId} className="text-base font-semibold">
          {trans('Backstage requests waiting')}{' '}
          <span className="text-muted" data-testid="pending-requests-total">
            ({pending.total})
          </span>
        </h2>
        <Link
          to="/backstage-requests?status=pending"
          className="text-sm text-primary underline outline-none focus-visible:ring-2 focus-visible:ring-focus"
        >
          {trans('All pending requests')}
        </Link>
      </div>
      {pending.oldest.length === 0 ? (
        <p className="text-sm text-muted">{trans('No requests are waiting.')}</p>
      ) : (
        <ul className="flex flex-col divide-y divide-divider text-sm">
          {pending.oldest.map((request) => (
            <li
              key={request.id}
              className="flex flex-wrap items-baseline justify-between gap-x-3 gap-y-1 py-2"
            >
              <Link
                to={`/backstage-requests/${request.id}`}
                className="min-w-0 break-words text-primary underline outline-none focus-visible:ring-2 focus-visible:ring-focus"
              >
                {trans(REQUEST_TYPE_LABELS[request.type])}: {request.artist_name ?? trans('Unnamed')}
              </Link>
              <span className="min-w-0 break-words text-muted">
                {request.user.name ?? request.user.email} ·{' '}
                {new Date(request.created_at).toLocaleDateString(i18n.language)}
              </span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
