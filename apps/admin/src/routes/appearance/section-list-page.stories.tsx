import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { appearanceParameters } from '../../test/admin-appearance-fixtures';
import { withRoutes } from '../../test/admin-story-fixtures';
import { AppearanceLayout } from './appearance-layout';
import { SectionListPage } from './section-list-page';

/** The appearance editor's first screen: its sections (general, themes, menus, landing page...). */
const meta = {
  title: 'Appearance/SectionListPage',
  component: SectionListPage,
  decorators: [withRoutes],
  parameters: { ...appearanceParameters(AppearanceLayout, undefined, '/appearance') },
} satisfies Meta<typeof SectionListPage>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ canvasElement }) => {
    const nav = await within(canvasElement).findByRole('navigation', { name: 'Sections' });
    expect(within(nav).getAllByRole('link').length).toBeGreaterThan(3);
  },
};
