import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { appearanceParameters } from '../../test/admin-appearance-fixtures';
import { withRoutes } from '../../test/admin-story-fixtures';
import { AppearanceLayout } from './appearance-layout';
import { CustomCodePage } from './custom-code-page';

/** Appearance > Custom code: CSS for the head and HTML for the body of every player page. */
const meta = {
  title: 'Appearance/CustomCodePage',
  component: CustomCodePage,
  decorators: [withRoutes],
  parameters: { ...appearanceParameters(AppearanceLayout, 'custom-code', '/appearance/custom-code') },
} satisfies Meta<typeof CustomCodePage>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ canvasElement }) => {
    const css = (await within(canvasElement).findByRole('textbox', {
      name: /^Custom CSS/,
    })) as HTMLTextAreaElement;
    expect(css.value).toContain('.hero');
  },
};
