import { MenuIcon } from '@cadence/app-shell/menu-icon';
import { useMenuItems } from '@cadence/app-shell/use-menu';
import { useTrans } from '@cadence/app-shell/use-trans';
import { MenuLink } from './menu-link';

const itemClass = ({ isActive }: { isActive: boolean }) =>
  `flex flex-1 flex-col items-center gap-1 py-2 text-xs ${isActive ? 'text-fg' : 'text-muted'}`;

/** Spec 9 / player-ux: at 768 px and below the sidebar gives way to the mobile-bottom menu. */
export function MobileBottomNav() {
  const { trans } = useTrans();
  const items = useMenuItems('mobile-bottom');
  if (items.length === 0) return null;
  return (
    <nav
      aria-label={trans('Main')}
      className="flex border-t border-divider bg-bg-alt md:hidden"
      data-testid="mobile-bottom-nav"
    >
      {items.map((item) => (
        <MenuLink key={item.id} item={item} className={itemClass}>
          <MenuIcon name={item.icon} className="size-6" />
          {trans(item.label)}
        </MenuLink>
      ))}
    </nav>
  );
}
