import type { Meta, StoryObj } from '@storybook/react-vite';
import { lazy } from 'react';
import { fn } from 'storybook/test';
import { MenuButton, type MenuButtonMenuProps } from './menu-button';

const loadMenu = () => import('./menu');
const AccountItems = lazy(() =>
  loadMenu().then(({ MenuItem, MenuPopover, MenuSeparator }) => ({
    default: ({ onAction, ...props }: MenuButtonMenuProps & { onAction: (key: unknown) => void }) => (
      <MenuPopover {...props} onAction={onAction}>
        <MenuItem id="profile">Profile page</MenuItem>
        <MenuSeparator />
        <MenuItem id="logout">Log out</MenuItem>
      </MenuPopover>
    ),
  })),
);

function AccountMenu({ onAction }: { onAction: (key: unknown) => void }) {
  return (
    <div className="flex justify-end">
      <MenuButton
        className="rounded-button px-3 py-2 text-sm text-fg hover:bg-fg-base/5"
        preload={loadMenu}
        renderMenu={(props) => <AccountItems {...props} onAction={onAction} />}
      >
        Account
      </MenuButton>
    </div>
  );
}

const meta = {
  title: 'MenuButton',
  component: AccountMenu,
  parameters: {
    docs: {
      description: {
        component:
          "`MenuButton`: a plain button that loads react-aria's menu from a lazy chunk on first interaction, so the shell's first page does not pay for it. The menu opens by click, Enter, Space or ArrowDown; arrows move, Escape closes and returns focus.",
      },
    },
  },
  args: { onAction: fn() },
} satisfies Meta<typeof AccountMenu>;

export default meta;
type Story = StoryObj<typeof meta>;

/** The menu's react-aria code loads on hover or focus; Enter, Space, ArrowDown/ArrowUp open it. */
export const LazyAccountMenu: Story = {};
