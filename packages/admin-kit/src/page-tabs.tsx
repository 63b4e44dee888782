import { clsx } from 'clsx';
import { NavLink } from 'react-router';

export type TPageTab = { to: string; label: string; end?: boolean };

/**
 * Tabs that are routes (`/admin/users/7/security`): a reload or a shared link opens the same
 * tab, Back goes to the previous one. A nav of links marked with aria-current.
 */
export function PageTabs({ label, tabs }: { label: string; tabs: TPageTab[] }) {
  return (
    <nav aria-label={label} className="-mx-1 overflow-x-auto border-b border-divider">
      <ul className="flex gap-1 px-1">
        {tabs.map((tab) => (
          <li key={tab.to}>
            <NavLink
              to={tab.to}
              end={tab.end}
              replace
              className={({ isActive }) =>
                clsx(
                  'block border-b-2 px-3 py-2 text-sm whitespace-nowrap outline-none focus-visible:ring-2 focus-visible:ring-primary',
                  isActive
                    ? 'border-primary font-medium text-fg'
                    : 'border-transparent text-muted hover:text-fg',
                )
              }
            >
              {tab.label}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}
