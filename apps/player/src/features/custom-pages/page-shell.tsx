import { SiteLogo } from '@cadence/app-shell/site-logo';
import { useAuth } from '@cadence/app-shell/use-auth';
import { useSettings } from '@cadence/app-shell/use-bootstrap-data';
import { useMenuItems } from '@cadence/app-shell/use-menu';
import { useTrans } from '@cadence/app-shell/use-trans';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { MenuLink } from '../../layout/menu-link';
import { SiteFooter } from '../../layout/site-footer';

/**
 * The frame of the site's own pages (custom pages, contact): a navbar with the logo and the
 * `custom-page-navbar` menu (left out when the page hides navigation), the content, the footer.
 */
export function PageShell({ children, hideNav = false }: { children: ReactNode; hideNav?: boolean }) {
  const { trans } = useTrans();
  const { branding } = useSettings();
  const { isLoggedIn } = useAuth();
  const items = useMenuItems('custom-page-navbar');
  return (
    <div className="flex min-h-dvh flex-col bg-bg text-fg">
      {!hideNav && (
        <header className="border-b border-divider">
          <nav aria-label={trans('Main')} className="mx-auto flex max-w-5xl items-center gap-6 px-6 py-4">
            <Link to="/" aria-label={branding.site_name} className="inline-flex min-h-6 items-center">
              <SiteLogo className="h-8 w-auto" />
            </Link>
            <div className="ml-auto flex items-center gap-5 text-sm font-medium">
              {items.map((item) => (
                <MenuLink key={item.id} item={item} className="underline-offset-4 hover:underline" />
              ))}
              <Link to={isLoggedIn ? '/' : '/login'} className="rounded-button px-3 py-2 hover:bg-chip">
                {isLoggedIn ? trans('Open player') : trans('Login')}
              </Link>
            </div>
          </nav>
        </header>
      )}
      <main className="mx-auto w-full max-w-3xl flex-1 px-6 py-10">{children}</main>
      <SiteFooter />
    </div>
  );
}
