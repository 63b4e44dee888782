import type { Meta, StoryObj } from '@storybook/react-vite';
import LogOutIcon from 'lucide-react/icons/log-out';
import SettingsIcon from 'lucide-react/icons/settings';
import UserIcon from 'lucide-react/icons/user';
import { fn } from 'storybook/test';
import { IconButton } from '../icon-button/icon-button';
import { Menu, MenuItem, MenuSeparator, MenuTrigger } from './menu';

interface ExampleProps {
  onAction: (key: unknown) => void;
}

function UserMenu({ onAction }: ExampleProps) {
  return (
    <div className="flex justify-end">
      <MenuTrigger>
        <IconButton aria-label="Account" variant="outline">
          <UserIcon aria-hidden />
        </IconButton>
        <Menu onAction={onAction}>
          <MenuItem id="settings" icon={<SettingsIcon aria-hidden />}>
            Account settings
          </MenuItem>
          <MenuSeparator />
          <MenuItem id="logout" icon={<LogOutIcon aria-hidden />}>
            Log out
          </MenuItem>
        </Menu>
      </MenuTrigger>
    </div>
  );
}

const meta = {
  title: 'Menu',
  component: UserMenu,
  parameters: {
    docs: {
      description: {
        component:
          '`MenuTrigger` + `Menu`: a dropdown of actions (react-aria). Items are `MenuItem`s with an `id` passed to `onAction`; group them with `MenuSection`. Arrow keys move, typing jumps to an item, Escape closes and focus returns to the trigger.',
      },
    },
  },
  args: { onAction: fn() },
} satisfies Meta<typeof UserMenu>;

export default meta;
type Story = StoryObj<typeof meta>;

export const AccountMenu: Story = {};
