import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { appearanceParameters } from '../../test/admin-appearance-fixtures';
import { withRoutes } from '../../test/admin-story-fixtures';
import { AppearanceLayout } from './appearance-layout';
import { MenuEditorPage, MenusPage } from './menus-pages';

/** Appearance > Menus (MenusPage) and a menu (MenuEditorPage): name, positions, its items in order. */
const meta = {
  title: 'Appearance/MenusPages',
  component: MenusPage,
  decorators: [withRoutes],
  parameters: { ...appearanceParameters(AppearanceLayout, 'menus', '/appearance/menus') },
} satisfies Meta<typeof MenusPage>;

export default meta;
type Story = StoryObj<typeof meta>;

/** The menus with where they are placed; "New menu" adds one. */
export const Menus: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const list = await canvas.findByRole('list', { name: 'Menus' });
    expect(within(list).getByText('sidebar-primary')).toBeTruthy();
  },
};

/** A menu's items, reorderable; "Add item" adds one. */
export const MenuEditor: Story = {
  render: () => <MenuEditorPage />,
  parameters: appearanceParameters(AppearanceLayout, 'menus/:menuIndex', '/appearance/menus/0'),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const items = await canvas.findByRole('list', { name: 'Items of Primary' });
    expect(within(items).getByText('Radio')).toBeTruthy();
  },
};

export const MissingMenu: Story = {
  render: () => <MenuEditorPage />,
  parameters: appearanceParameters(AppearanceLayout, 'menus/:menuIndex', '/appearance/menus/9'),
  play: async ({ canvasElement }) => {
    expect((await within(canvasElement).findByRole('alert')).textContent).toBe('This menu does not exist.');
  },
};
