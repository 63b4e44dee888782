import { withRouter } from '@cadence/app-shell/test/story-helpers';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { PageTabs } from './page-tabs';

/** Tabs that are routes: a reload or a shared link opens the same tab; the current one has aria-current. */
const meta = {
  title: 'PageTabs',
  component: PageTabs,
  decorators: [withRouter],
  parameters: { route: '/users/7' },
  args: {
    label: 'User sections',
    tabs: [
      { to: '/users/7', label: 'Details', end: true },
      { to: '/users/7/permissions', label: 'Permissions' },
      { to: '/users/7/security', label: 'Security' },
      { to: '/users/7/api', label: 'API access' },
    ],
  },
} satisfies Meta<typeof PageTabs>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    expect(canvas.getByRole('link', { name: 'Details' }).getAttribute('aria-current')).toBe('page');
    await userEvent.click(canvas.getByRole('link', { name: 'Security' }));
    await waitFor(() =>
      expect(canvas.getByRole('link', { name: 'Security' }).getAttribute('aria-current')).toBe('page'),
    );
  },
};

/** Many tabs scroll sideways on a small screen. */
export const ManyTabs: Story = {
  args: {
    tabs: Array.from({ length: 12 }, (_, i) => ({
      to: `/users/7/section-${i}`,
      label: `Section number ${i + 1}`,
    })),
  },
};

/** The default tab also answers at its own name (`/users/7/details`, spec 2.12) and is marked there too. */
export const DefaultTabByName: Story = {
  parameters: { route: '/users/7/details' },
  args: {
    tabs: [
      { to: '/users/7', label: 'Details', end: true, aliases: ['/users/7/details'] },
      { to: '/users/7/permissions', label: 'Permissions' },
    ],
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    expect(canvas.getByRole('link', { name: 'Details' }).getAttribute('aria-current')).toBe('page');
    expect(canvas.getByRole('link', { name: 'Permissions' }).getAttribute('aria-current')).toBeNull();
  },
};
