import { getBootstrapData, setBootstrapData } from '@cadence/app-shell/bootstrap-store';
import { fixture, withRouter } from '@cadence/app-shell/test/story-helpers';
import { ZNotificationSchema } from '@cadence/contracts/notification';
import { paginationSchema } from '@cadence/contracts/pagination';
import { ZWorkspaceListResponseSchema } from '@cadence/contracts/workspace';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { HttpResponse, http } from 'msw';
import { expect, within } from 'storybook/test';
import { TopBar } from './top-bar';

/** What the bar's parts fetch when opened: the user's workspaces and notifications (none). */
const api = [
  http.get('*/api/v1/me/workspaces', () =>
    HttpResponse.json(fixture(ZWorkspaceListResponseSchema, { workspaces: [] })),
  ),
  http.get('*/api/v1/notifications', () =>
    HttpResponse.json(
      fixture(paginationSchema(ZNotificationSchema), {
        pagination: { data: [], current_page: 1, per_page: 15, total: 0, last_page: 1 },
      }),
    ),
  ),
];

/** The player's top bar: history buttons, the search box, then the user's menus or Register/Login. */
const meta = {
  title: 'Layout/TopBar',
  component: TopBar,
  decorators: [withRouter],
  parameters: { msw: api },
} satisfies Meta<typeof TopBar>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Signed in: notifications and the account menu. */
export const SignedIn: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    expect(canvas.getByRole('textbox', { name: 'Search' })).toBeTruthy();
    expect(canvas.getByTestId('notification-bell')).toBeTruthy();
  },
};

/** A guest: Register and Login instead of the menus. */
export const Guest: Story = {
  beforeEach: () => {
    const before = getBootstrapData();
    setBootstrapData({ ...before, user: null });
    return () => setBootstrapData(before);
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    expect(canvas.getByRole('link', { name: 'Login' })).toBeTruthy();
    expect(canvas.getByRole('link', { name: 'Register' })).toBeTruthy();
  },
};

export const Mobile: Story = { globals: { viewport: { value: 'mobile' } } };
export const Light: Story = { globals: { theme: 'light' } };
