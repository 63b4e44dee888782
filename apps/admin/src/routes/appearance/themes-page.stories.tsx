import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { appearanceParameters } from '../../test/admin-appearance-fixtures';
import { withRoutes } from '../../test/admin-story-fixtures';
import { AppearanceLayout } from './appearance-layout';
import { ThemesPage } from './themes-page';

/** Appearance > Themes: the default theme, whether users may change it, and each theme's actions. */
const meta = {
  title: 'Appearance/ThemesPage',
  component: ThemesPage,
  decorators: [withRoutes],
  parameters: { ...appearanceParameters(AppearanceLayout, 'themes', '/appearance/themes') },
} satisfies Meta<typeof ThemesPage>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Duplicating a theme adds its copy to the list. */
export const Duplicate: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const list = await canvas.findByRole('list', { name: 'Themes' });
    const before = within(list).getAllByRole('listitem').length;
    const [duplicate] = within(list).getAllByRole('button', { name: 'Duplicate' });
    await userEvent.click(duplicate!);
    await waitFor(() => expect(within(list).getAllByRole('listitem').length).toBe(before + 1));
  },
};
