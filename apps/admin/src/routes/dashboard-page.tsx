import { useAuth } from '@cadence/app-shell/use-auth';
import { useSettings } from '@cadence/app-shell/use-bootstrap-data';
import { useTrans } from '@cadence/app-shell/use-trans';

/** /admin landing. The reports of spec 2.12 arrive with the analytics issue. */
export function DashboardPage() {
  const { trans } = useTrans();
  const { branding } = useSettings();
  const { user } = useAuth();
  return (
    <section className="flex flex-col gap-2" data-testid="admin-dashboard">
      <h1 className="text-2xl font-semibold">{trans(':name admin', { name: branding.site_name })}</h1>
      <p className="text-muted">
        {trans('Signed in as :name. Pick a section in the menu to manage the site.', {
          name: user?.name ?? '',
        })}
      </p>
    </section>
  );
}
