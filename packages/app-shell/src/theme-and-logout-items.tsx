import { MenuItem, MenuSeparator } from '@cadence/ui/menu';
import LogOutIcon from 'lucide-react/icons/log-out';
import MoonIcon from 'lucide-react/icons/moon';
import SunIcon from 'lucide-react/icons/sun';
import { useLogout } from './use-logout';
import { useThemeSelector } from './use-theme';
import { useTrans } from './use-trans';

/**
 * The end of every account menu (the apps' and the player's): the dark/light switch when the
 * site lets users choose, then "Log out". Menus only: it loads react-aria with them.
 */
export function ThemeAndLogoutItems() {
  const { trans } = useTrans();
  const theme = useThemeSelector();
  const { logout } = useLogout();
  return (
    <>
      {theme.canChange && (
        <MenuItem onAction={theme.toggleDarkMode} icon={theme.isDark ? <SunIcon /> : <MoonIcon />}>
          {theme.isDark ? trans('Light mode') : trans('Dark mode')}
        </MenuItem>
      )}
      <MenuSeparator />
      <MenuItem onAction={logout} icon={<LogOutIcon />}>
        {trans('Log out')}
      </MenuItem>
    </>
  );
}
