import { MenuButton, type MenuButtonProps } from '@cadence/ui/menu-button';
import { lazy } from 'react';
import { useAuth } from './use-auth';
import { useTrans } from './use-trans';

export interface AccountMenuTriggerProps extends Pick<MenuButtonProps, 'preload' | 'renderMenu'> {
  'data-testid': string;
}

/**
 * The signed-in user's avatar and name, opening an account dropdown. The dropdown is react-aria:
 * each app passes its own items, loaded when the pointer or focus reaches the avatar.
 */
export function AccountMenuTrigger({ preload, renderMenu, 'data-testid': testId }: AccountMenuTriggerProps) {
  const { trans } = useTrans();
  const { user } = useAuth();
  if (!user) return null;
  // The visible text (the name) is part of the button's name (WCAG 2.5.3, axe
  // label-content-name-mismatch); the initial is drawn by CSS so it adds no text of its own.
  return (
    <MenuButton
      aria-label={trans('Account: :name', { name: user.name })}
      className="flex items-center gap-2 rounded-full p-1 pr-3 text-sm text-fg outline-none hover:bg-fg-base/5 focus-visible:ring-3 focus-visible:ring-focus"
      data-testid={testId}
      preload={preload}
      renderMenu={renderMenu}
    >
      {user.image ? (
        <img src={user.image} alt="" className="size-8 rounded-full object-cover" />
      ) : (
        <span
          aria-hidden="true"
          data-initial={user.name.charAt(0).toUpperCase()}
          className="flex size-8 items-center justify-center rounded-full bg-primary text-on-primary before:content-[attr(data-initial)]"
        />
      )}
      <span className="hidden max-w-40 truncate sm:inline">{user.name}</span>
    </MenuButton>
  );
}

const loadItems = () => import('./account-menu-items');
const AccountMenuItems = lazy(loadItems);

/** The compact account dropdown of the admin and backstage areas. */
export function AccountMenu() {
  return (
    <AccountMenuTrigger
      data-testid="account-menu-trigger"
      preload={loadItems}
      renderMenu={(props) => <AccountMenuItems {...props} />}
    />
  );
}
