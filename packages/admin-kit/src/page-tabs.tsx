import { clsx } from 'clsx';
import { Link, matchPath, useLocation } from 'react-router';

/**
 * `to` is where the tab goes; `aliases` are other addresses that show it too (the default tab is
 * both `/admin/logs` and `/admin/logs/schedule`), matched exactly.
 */
export type TPageTab = { to: string; label: string; end?: boolean; aliases?: string[] };

function isTabCurrent(tab: TPageTab, pathname: string): boolean {
  if (matchPath({ path: tab.to, end: tab.end ?? false }, pathname)) return true;
  return (tab.aliases ?? []).some((alias) => matchPath({ path: alias, end: true }, pathname));
}

/**
 * Tabs that are routes (`/admin/users/7/security`): a reload or a shared link opens the same
 * tab, Back goes to the previous one. A nav of links marked with aria-current.
 */
export function PageTabs({ label, tabs }: { label: string; tabs: TPageTab[] }) {
  const { pathname } = useLocation();
  return (
    <nav aria-label={label} className="-mx-1 overflow-x-auto border-b border-divider">
      <ul className="flex gap-1 px-1">
        {tabs.map((tab) => {
          const isCurrent = isTabCurrent(tab, pathname);
          return (
            <li key={tab.to}>
              <Link
                to={tab.to}
                replace
                aria-current={isCurrent ? 'page' : undefined}
                className={clsx(
                  'block border-b-2 px-3 py-2 text-sm whitespace-nowrap outline-none focus-visible:ring-2 focus-visible:ring-primary',
                  isCurrent
                    ? 'border-primary font-medium text-fg'
                    : 'border-transparent text-muted hover:text-fg',
                )}
              >
                {tab.label}
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
