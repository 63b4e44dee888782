import { clsx } from 'clsx';
import { useEffect, useRef } from 'react';
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

/** Scrolls a row of tabs sideways (never the page) until the current tab is in view. */
function useCurrentTabInView() {
  const ref = useRef<HTMLElement>(null);
  const { pathname } = useLocation();
  // biome-ignore lint/correctness/useExhaustiveDependencies: the current tab changes with the path
  useEffect(() => {
    const row = ref.current;
    const current = row?.querySelector<HTMLElement>('[aria-current="page"]');
    if (!row || !current || row.scrollWidth <= row.clientWidth) return;
    const box = row.getBoundingClientRect();
    const tab = current.getBoundingClientRect();
    if (tab.left >= box.left && tab.right <= box.right) return;
    row.scrollLeft += tab.left - box.left - (box.width - tab.width) / 2;
  }, [pathname]);
  return ref;
}

/**
 * Tabs that are routes (`/admin/users/7/security`): a reload or a shared link opens the same
 * tab, Back goes to the previous one. A nav of links marked with aria-current. A row that
 * scrolls sideways with the current tab kept in view; `layout="column"` makes it a vertical list
 * from 1024 px, for pages with many tabs (settings), to be placed beside the content.
 */
export function PageTabs({
  label,
  tabs,
  layout = 'row',
}: {
  label: string;
  tabs: TPageTab[];
  layout?: 'row' | 'column';
}) {
  const ref = useCurrentTabInView();
  const { pathname } = useLocation();
  const isColumn = layout === 'column';
  return (
    <nav
      ref={ref}
      aria-label={label}
      className={clsx(
        '-mx-1 overflow-x-auto border-b border-divider',
        isColumn && 'lg:mx-0 lg:w-52 lg:shrink-0 lg:overflow-visible lg:border-b-0',
      )}
    >
      <ul className={clsx('flex gap-1 px-1', isColumn && 'lg:flex-col lg:gap-0.5 lg:px-0')}>
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
                  isColumn && 'lg:rounded-button lg:border-b-0 lg:whitespace-normal',
                  isCurrent
                    ? clsx('border-primary font-medium text-fg', isColumn && 'lg:bg-primary/10')
                    : 'border-transparent text-muted hover:text-fg',
                  isColumn && !isCurrent && 'lg:hover:bg-fg-base/5',
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
