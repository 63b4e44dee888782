import { MenuItem, MenuPopover } from '@cadence/ui/menu';
import type { MenuButtonMenuProps } from '@cadence/ui/menu-button';
import HeadphonesIcon from 'lucide-react/icons/headphones';
import { ThemeAndLogoutItems } from './theme-and-logout-items';
import { useTrans } from './use-trans';

/** AccountMenu's items (their own chunk, react-aria), opened by its light trigger. */
export default function AccountMenuItems(props: MenuButtonMenuProps) {
  const { trans } = useTrans();
  return (
    <MenuPopover {...props}>
      <MenuItem onAction={() => window.location.assign('/')} icon={<HeadphonesIcon />}>
        {trans('Web player')}
      </MenuItem>
      <ThemeAndLogoutItems />
    </MenuPopover>
  );
}
