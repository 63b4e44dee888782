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

const SETTINGS_TABS = [
  'General',
  'Subscriptions',
  'Localization',
  'Authentication',
  'Uploading',
  'Outgoing email',
  'Cache',
  'Analytics',
  'Logging',
  'Queue',
  'Websockets',
  'Recaptcha',
  'GDPR',
  'Search',
  'Providers',
  'Player',
].map((label) => ({ to: `/settings/${label.toLowerCase().replace(' ', '-')}`, label, end: true }));

/** A row too long for its box opens with the current tab scrolled into view (the page does not move). */
export const CurrentTabInView: Story = {
  args: { label: 'Settings sections', tabs: SETTINGS_TABS },
  parameters: { route: '/settings/providers' },
  decorators: [(Story) => <div className="w-96">{Story()}</div>],
  play: async ({ canvasElement }) => {
    const nav = within(canvasElement).getByRole('navigation', { name: 'Settings sections' });
    const current = within(nav).getByRole('link', { name: 'Providers' });
    expect(current.getAttribute('aria-current')).toBe('page');
    await waitFor(() => {
      const box = nav.getBoundingClientRect();
      const tab = current.getBoundingClientRect();
      expect(tab.left >= box.left && tab.right <= box.right).toBe(true);
    });
  },
};

/** `layout="column"`: a vertical list from 1024 px (the settings page's sixteen tabs). */
export const Column: Story = {
  args: { label: 'Settings sections', tabs: SETTINGS_TABS, layout: 'column' },
  parameters: { route: '/settings/player' },
  play: async ({ canvasElement }) => {
    const nav = within(canvasElement).getByRole('navigation', { name: 'Settings sections' });
    const first = within(nav).getByRole('link', { name: 'General' }).getBoundingClientRect();
    const last = within(nav).getByRole('link', { name: 'Player' }).getBoundingClientRect();
    // The story tests run at 1280 px: the tabs stack, the last one below the first.
    expect(last.top).toBeGreaterThan(first.top);
    expect(last.left).toBe(first.left);
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
