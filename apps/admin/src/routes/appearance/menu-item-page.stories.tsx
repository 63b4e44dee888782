import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { appearanceParameters } from '../../test/admin-appearance-fixtures';
import { withRoutes } from '../../test/admin-story-fixtures';
import { rolesHandler } from '../../test/admin-users-fixtures';
import { AppearanceLayout } from './appearance-layout';
import { MenuItemPage } from './menu-item-page';

/** Appearance > Menus > a menu > an item: label, type and target, window, icon, who sees it. */
const meta = {
  title: 'Appearance/MenuItemPage',
  component: MenuItemPage,
  decorators: [withRoutes],
  parameters: {
    ...appearanceParameters(AppearanceLayout, 'menus/:menuIndex/:menuItemIndex', '/appearance/menus/0/1', [
      rolesHandler(),
    ]),
  },
} satisfies Meta<typeof MenuItemPage>;

export default meta;
type Story = StoryObj<typeof meta>;

/** The item's fields and the roles it can be limited to. */
export const Default: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const label = (await canvas.findByRole('textbox', { name: /^Label/ })) as HTMLInputElement;
    expect(label.value).toBe('Radio');
    expect(await canvas.findByRole('checkbox', { name: 'Moderator' })).toBeTruthy();
  },
};

export const Missing: Story = {
  parameters: appearanceParameters(
    AppearanceLayout,
    'menus/:menuIndex/:menuItemIndex',
    '/appearance/menus/0/9',
    [rolesHandler()],
  ),
  play: async ({ canvasElement }) => {
    expect((await within(canvasElement).findByRole('alert')).textContent).toBe(
      'This menu item does not exist.',
    );
  },
};
