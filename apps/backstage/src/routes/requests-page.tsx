import { useTrans } from '@cadence/app-shell/use-trans';
import ChevronRightIcon from 'lucide-react/icons/chevron-right';
import { Link } from 'react-router';
import { REQUEST_TYPES } from './request-types';

/** /backstage/requests: the type selector (spec 2.10). */
export function RequestsPage() {
  const { trans } = useTrans();
  return (
    <section className="flex flex-col gap-6" data-testid="backstage-requests">
      <div>
        <h1 className="text-2xl font-semibold">{trans('Artist requests')}</h1>
        <p className="text-muted">{trans('What would you like to do?')}</p>
      </div>
      <ul className="flex flex-col gap-3">
        {REQUEST_TYPES.map((type) => (
          <li key={type.path}>
            <Link
              to={type.path}
              className="flex items-center gap-4 rounded-panel border border-divider p-4 hover:bg-fg-base/5"
            >
              <div className="flex-1">
                <p className="font-medium">{trans(type.title)}</p>
                <p className="text-sm text-muted">{trans(type.description)}</p>
              </div>
              <ChevronRightIcon aria-hidden className="size-5 text-muted" />
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
