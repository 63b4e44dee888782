import { useTrans } from '@cadence/app-shell/use-trans';
import { Drawer, DrawerTrigger } from '@cadence/ui/drawer';
import { IconButton } from '@cadence/ui/icon-button';
import { clsx } from 'clsx';
import MenuIcon from 'lucide-react/icons/menu';
import { type MouseEvent, type ReactNode, useCallback, useEffect, useRef, useState } from 'react';
import { useLocation } from 'react-router';

/** The look of a link in the side navigation (a NavLink's className). */
export const sideNavItemClass = ({ isActive }: { isActive: boolean }) =>
  clsx(
    'flex items-center gap-3 rounded-button px-3 py-2 text-sm transition-colors outline-none focus-visible:ring-2 focus-visible:ring-primary',
    isActive ? 'bg-primary/10 font-medium text-fg' : 'text-muted hover:bg-fg-base/5 hover:text-fg',
  );

/** The width from which the navigation is a sidebar rather than a drawer (Tailwind's `lg`). */
const SIDEBAR_QUERY = '(min-width: 1024px)';

export interface SideNavLayoutProps {
  /** Names the test ids: `{area}-sidebar` and `{area}-drawer`. */
  area: string;
  /** The navigation's accessible name, also the drawer's heading. */
  navLabel: string;
  /** A link home (the logo): at the top of the sidebar and the drawer, and in the top bar below 1024 px. */
  brand: ReactNode;
  /** The navigation's content (lists of links); rendered in the sidebar or in the drawer. */
  nav: ReactNode;
  /** The top bar's end (notifications, account menu). */
  actions: ReactNode;
  children: ReactNode;
}

/**
 * The frame of the admin and the backstage: a sidebar from 1024 px, and below it a menu button
 * in the top bar that opens the same navigation in a drawer. The drawer closes on Escape, on a
 * press outside and whenever the route changes; after a navigation from it the focus goes to the
 * page rather than back to the menu button.
 */
export function SideNavLayout({ area, navLabel, brand, nav, actions, children }: SideNavLayoutProps) {
  const { trans } = useTrans();
  const [isOpen, setOpen] = useState(false);
  const isOpenRef = useRef(isOpen);
  isOpenRef.current = isOpen;
  const mainRef = useRef<HTMLElement>(null);
  const focusPageOnClose = useRef(false);

  const closeForNavigation = useCallback(() => {
    if (!isOpenRef.current) return;
    focusPageOnClose.current = true;
    setOpen(false);
  }, []);

  // Back, Forward and links from code change the route too.
  const locationKey = useLocation().key;
  const seenKey = useRef(locationKey);
  useEffect(() => {
    if (seenKey.current === locationKey) return;
    seenKey.current = locationKey;
    closeForNavigation();
  }, [locationKey, closeForNavigation]);

  // react-aria hands the focus back to the menu button in the frame after the drawer unmounts;
  // after a navigation the reader belongs on the new page, so this runs one frame later.
  useEffect(() => {
    if (isOpen || !focusPageOnClose.current) return;
    focusPageOnClose.current = false;
    const frame = requestAnimationFrame(() => mainRef.current?.focus({ preventScroll: true }));
    return () => cancelAnimationFrame(frame);
  }, [isOpen]);

  // Widened past the breakpoint: the sidebar shows the same links, the drawer is not needed.
  useEffect(() => {
    const query = window.matchMedia?.(SIDEBAR_QUERY);
    if (!query) return;
    const onChange = () => query.matches && setOpen(false);
    query.addEventListener('change', onChange);
    return () => query.removeEventListener('change', onChange);
  }, []);

  function onDrawerClick(event: MouseEvent) {
    // A link to the page already open changes no route, yet the reader asked to go there.
    if ((event.target as Element).closest('a[href]')) closeForNavigation();
  }

  return (
    <div className="flex h-dvh bg-bg font-sans text-fg">
      <aside className="hidden w-60 shrink-0 flex-col gap-4 overflow-y-auto border-e border-divider bg-bg-alt p-4 lg:flex">
        {brand}
        <nav aria-label={navLabel} data-testid={`${area}-sidebar`}>
          {nav}
        </nav>
      </aside>
      <div className="flex min-w-0 flex-1 flex-col">
        <header className="flex h-14 shrink-0 items-center gap-2 border-b border-divider px-2 sm:px-4">
          <DrawerTrigger isOpen={isOpen} onOpenChange={setOpen}>
            <IconButton aria-label={trans('Open navigation')} className="lg:hidden">
              <MenuIcon aria-hidden />
            </IconButton>
            <Drawer title={navLabel} header={brand} closeLabel={trans('Close navigation')}>
              {/* biome-ignore lint/a11y/useKeyWithClickEvents: links fire click on Enter too */}
              <nav aria-label={navLabel} data-testid={`${area}-drawer`} onClick={onDrawerClick}>
                {nav}
              </nav>
            </Drawer>
          </DrawerTrigger>
          <div className="min-w-0 lg:hidden">{brand}</div>
          <div className="ms-auto flex items-center gap-2">{actions}</div>
        </header>
        <main ref={mainRef} tabIndex={-1} className="min-h-0 flex-1 overflow-y-auto p-4 outline-none sm:p-6">
          {children}
        </main>
      </div>
    </div>
  );
}
