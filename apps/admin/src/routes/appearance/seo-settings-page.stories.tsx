import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { appearanceParameters } from '../../test/admin-appearance-fixtures';
import { withRoutes } from '../../test/admin-story-fixtures';
import { AppearanceLayout } from './appearance-layout';
import { SeoSettingsPage } from './seo-settings-page';

/** Appearance > SEO: each page kind's meta template, changed or the original. */
const meta = {
  title: 'Appearance/SeoSettingsPage',
  component: SeoSettingsPage,
  decorators: [withRoutes],
  parameters: { ...appearanceParameters(AppearanceLayout, 'seo-settings', '/appearance/seo-settings') },
} satisfies Meta<typeof SeoSettingsPage>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ canvasElement }) => {
    expect((await within(canvasElement).findAllByText('The original template.')).length).toBeGreaterThan(0);
  },
};
