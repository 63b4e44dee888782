import { MenuItem, MenuPopover, MenuSeparator } from '@cadence/ui/menu';
import type { MenuButtonMenuProps } from '@cadence/ui/menu-button';
import HeadphonesIcon from 'lucide-react/icons/headphones';
import LogOutIcon from 'lucide-react/icons/log-out';
import MoonIcon from 'lucide-react/icons/moon';
import SunIcon from 'lucide-react/icons/sun';
import { useLogout } from './use-logout';
import { useThemeSelector } from './use-theme';
import { useTrans } from './use-trans';

/** AccountMenu's items (their own chunk, react-aria), opened by its light trigger. */
export default function AccountMenuItems(props: MenuButtonMenuProps) {
  const { trans } = useTrans();
  const theme = useThemeSelector();
  const { logout } = useLogout();
  return (
    <MenuPopover {...props}>
      <MenuItem onAction={() => window.location.assign('/')} icon={<HeadphonesIcon />}>
        {trans('Web player')}
      </MenuItem>
      {theme.canChange && (
        <MenuItem onAction={theme.toggleDarkMode} icon={theme.isDark ? <SunIcon /> : <MoonIcon />}>
          {theme.isDark ? trans('Light mode') : trans('Dark mode')}
        </MenuItem>
      )}
      <MenuSeparator />
      <MenuItem onAction={logout} icon={<LogOutIcon />}>
        {trans('Log out')}
      </MenuItem>
    </MenuPopover>
  );
}
