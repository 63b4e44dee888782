import { withRouter } from '@cadence/app-shell/test/story-helpers';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { BackLink } from './back-link';

/** Up one level in the appearance editor's nested sections. */
const meta = {
  title: 'Appearance/BackLink',
  component: BackLink,
  decorators: [withRouter],
  args: { to: '/appearance/themes', label: 'Themes' },
} satisfies Meta<typeof BackLink>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ canvasElement }) => {
    expect(within(canvasElement).getByRole('link', { name: 'Themes' }).getAttribute('href')).toBe(
      '/appearance/themes',
    );
  },
};

/** Without a label: "Back". */
export const DefaultLabel: Story = { args: { label: undefined } };

export const Light: Story = { globals: { theme: 'light' } };
