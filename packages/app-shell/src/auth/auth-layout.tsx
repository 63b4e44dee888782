import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { AppLink } from '../app-link';
import { SiteLogo } from '../site-logo';
import { useSettings } from '../use-bootstrap-data';
import { useMenuItems } from '../use-menu';
import { useTrans } from '../use-trans';

function AuthFooter() {
  const { trans } = useTrans();
  const { branding } = useSettings();
  const items = useMenuItems('auth-page-footer');
  return (
    <footer className="flex flex-wrap items-center justify-center gap-4 p-6 text-sm text-muted">
      <span>{trans('© :year :name', { year: new Date().getFullYear(), name: branding.site_name })}</span>
      {items.map((item) => (
        <AppLink
          key={item.id}
          href={item.href}
          target={item.target}
          className="hover:text-fg hover:underline"
        >
          {trans(item.label)}
        </AppLink>
      ))}
    </footer>
  );
}

export interface AuthLayoutProps {
  heading?: ReactNode;
  message?: ReactNode;
  children: ReactNode;
}

/** Spec 2.4 auth page shell: logo, centred card, footer with copyright and its menu. */
export function AuthLayout({ heading, message, children }: AuthLayoutProps) {
  return (
    <div className="flex min-h-dvh flex-col items-center bg-bg-alt text-fg" data-testid="auth-layout">
      <Link to="/" className="mt-10 mb-8 block h-10">
        <SiteLogo className="h-full" />
      </Link>
      <main className="w-full max-w-[440px] flex-auto px-4">
        <div className="rounded-panel bg-paper px-6 py-8 shadow-md sm:px-10">
          {heading && <h1 className="mb-6 text-xl font-semibold">{heading}</h1>}
          {message && <div className="mb-6 text-sm text-muted">{message}</div>}
          {children}
        </div>
      </main>
      <AuthFooter />
    </div>
  );
}
