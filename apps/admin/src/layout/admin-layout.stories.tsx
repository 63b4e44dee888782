import { getBootstrapData, setBootstrapData } from '@cadence/app-shell/bootstrap-store';
import { fixture } from '@cadence/app-shell/test/story-helpers';
import { ZMenuSchema } from '@cadence/contracts/menu';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { withRoutes } from '../test/admin-story-fixtures';
import { AdminLayout } from './admin-layout';

const item = (id: string, label: string, action: string, icon: string, permission: string) => ({
  id,
  label,
  type: 'route' as const,
  action,
  icon,
  target: null,
  roles: [],
  permissions: [permission],
  settings: {},
  subscriptionStatus: null,
});

/** The seeded `admin-sidebar` menu's shape (the appearance editor's menus), parsed with the contract. */
const MENUS = fixture(ZMenuSchema.array(), [
  {
    id: 'admin',
    name: 'Admin Sidebar',
    positions: ['admin-sidebar'],
    items: [
      item('a', 'Analytics', '/admin', 'chart-line', 'admin.access'),
      item('b', 'Appearance', '/admin/appearance', 'palette', 'appearance.update'),
      item('c', 'Settings', '/admin/settings', 'settings', 'settings.update'),
      item('d', 'Users', '/admin/users', 'users', 'users.update'),
      item('e', 'Roles', '/admin/roles', 'shield', 'roles.update'),
      item('f', 'Tracks', '/admin/tracks', 'music', 'tracks.update'),
      item('g', 'Logs', '/admin/logs', 'scroll-text', 'logs.view'),
      item('h', 'Subscriptions', '/admin/subscriptions', 'credit-card', 'subscriptions.update'),
    ].map((entry, order) => ({ ...entry, order })),
  },
]);

const grant = (...names: string[]) => names.map((name) => ({ name, restrictions: [] }));

/**
 * Every admin page's frame: the `admin-sidebar` menu (items filtered by the user's permissions),
 * the notification bell and account menu, and the page in the outlet.
 */
const meta = {
  title: 'Layout/AdminLayout',
  component: AdminLayout,
  decorators: [withRoutes],
  parameters: {
    basename: '/admin',
    path: '/',
    route: '/admin/users',
    children: [{ path: '*', element: <h1 className="text-2xl font-semibold">Users</h1> }],
  },
  beforeEach: () => {
    const before = getBootstrapData();
    setBootstrapData({
      ...before,
      menus: MENUS,
      user: before.user && {
        ...before.user,
        permissions: grant('admin.access', 'users.update', 'roles.update', 'settings.update', 'logs.view'),
      },
    });
    return () => setBootstrapData(before);
  },
} satisfies Meta<typeof AdminLayout>;

export default meta;
type Story = StoryObj<typeof meta>;

/** The items the user may open; the current page's item is marked. */
export const Default: Story = {
  play: async ({ canvasElement }) => {
    const nav = within(canvasElement).getByRole('navigation', { name: 'Admin' });
    expect(within(nav).getByRole('link', { name: 'Users' }).getAttribute('aria-current')).toBe('page');
    expect(within(nav).queryByRole('link', { name: 'Tracks' })).toBeNull();
    expect(within(nav).queryByRole('link', { name: 'Subscriptions' })).toBeNull();
  },
};

export const Light: Story = { globals: { theme: 'light' } };

export const Tablet: Story = { globals: { viewport: { value: 'tablet' } } };
