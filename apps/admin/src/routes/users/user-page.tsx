import { PageTabs } from '@cadence/admin-kit/page-tabs';
import { useTrans } from '@cadence/app-shell/use-trans';
import { Spinner } from '@cadence/ui/spinner';
import { Link, Outlet } from 'react-router';
import { useAdminUser } from './use-admin-user';

/** /admin/users/{userId}[/{tab}]: the user's header and the tabs of spec 2.12 (details default). */
export function UserPage() {
  const { trans } = useTrans();
  const { userId, data: user, isPending, isError } = useAdminUser();
  if (isPending) return <Spinner label={trans('Loading...')} />;
  if (isError || !user)
    return (
      <p role="alert">
        {trans('This user could not be loaded.')} <Link to="/users">{trans('Back to users')}</Link>
      </p>
    );
  const base = `/users/${userId}`;
  return (
    <section className="flex flex-col gap-4" data-testid="admin-user-page">
      <nav aria-label={trans('Breadcrumbs')} className="text-sm text-muted">
        <Link to="/users" className="hover:text-fg">
          {trans('Users')}
        </Link>{' '}
        / <span>{user.email}</span>
      </nav>
      <div className="flex flex-wrap items-center gap-3">
        <h1 className="text-2xl font-semibold break-all">{user.name}</h1>
        {user.banned_at && (
          <span className="rounded bg-danger/10 px-2 py-0.5 text-sm font-medium text-danger">
            {trans('Suspended')}
          </span>
        )}
      </div>
      <PageTabs
        label={trans('User sections')}
        tabs={[
          { to: base, label: trans('Details'), end: true, aliases: [`${base}/details`] },
          { to: `${base}/permissions`, label: trans('Permissions') },
          { to: `${base}/security`, label: trans('Security') },
          { to: `${base}/date`, label: trans('Date') },
          { to: `${base}/api`, label: trans('API') },
        ]}
      />
      <Outlet context={user} />
    </section>
  );
}
