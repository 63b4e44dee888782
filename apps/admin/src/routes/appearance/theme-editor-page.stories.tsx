import { getToast } from '@cadence/app-shell/toast-store';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { appearanceParameters } from '../../test/admin-appearance-fixtures';
import { withRoutes } from '../../test/admin-story-fixtures';
import { AppearanceLayout } from './appearance-layout';
import { ThemeEditorPage, ThemeFontPage, ThemeRadiusPage } from './theme-editor-page';

/** Appearance > Themes > a theme: name, dark or light, colours (ThemeEditorPage), font, radius. */
const meta = {
  title: 'Appearance/ThemeEditorPage',
  component: ThemeEditorPage,
  decorators: [withRoutes],
  parameters: { ...appearanceParameters(AppearanceLayout, 'themes/:themeIndex', '/appearance/themes/0') },
} satisfies Meta<typeof ThemeEditorPage>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Colors: Story = {
  play: async ({ canvasElement }) => {
    expect(await within(canvasElement).findByText('Colors')).toBeTruthy();
  },
};

/** A theme without a name cannot be saved: the editor says why instead of sending it. */
export const EmptyName: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.clear(await canvas.findByRole('textbox', { name: /^Name/ }));
    await userEvent.click(canvas.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(getToast()?.type).toBe('danger'));
  },
};

export const Missing: Story = {
  parameters: appearanceParameters(AppearanceLayout, 'themes/:themeIndex', '/appearance/themes/9'),
  play: async ({ canvasElement }) => {
    expect((await within(canvasElement).findByRole('alert')).textContent).toBe('This theme does not exist.');
  },
};

export const Font: Story = {
  render: () => <ThemeFontPage />,
  parameters: appearanceParameters(AppearanceLayout, 'themes/:themeIndex/font', '/appearance/themes/0/font'),
  play: async ({ canvasElement }) => {
    expect(
      await within(canvasElement).findByText('The quick brown fox jumps over the lazy dog.'),
    ).toBeTruthy();
  },
};

export const Radius: Story = {
  render: () => <ThemeRadiusPage />,
  parameters: appearanceParameters(
    AppearanceLayout,
    'themes/:themeIndex/radius',
    '/appearance/themes/0/radius',
  ),
  play: async ({ canvasElement }) => {
    expect(await within(canvasElement).findByText('Button radius')).toBeTruthy();
  },
};
