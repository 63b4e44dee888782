import type { Meta, StoryObj } from '@storybook/react-vite';
import { HttpResponse, http } from 'msw';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { withRoutes } from '../../test/admin-story-fixtures';
import { adminUserHandler } from '../../test/admin-users-fixtures';
import { UserPage } from './user-page';
import { UserSecurityTab } from './user-security-tab';

const resetLink = http.post('*/api/v1/users/7/password-reset-link', () =>
  HttpResponse.json({
    url: 'https://example.com/password/reset/abc',
    expires_at: '2026-10-02T12:00:00.000Z',
  }),
);

/** The user page's Security tab: two-factor status and reset, password reset link, active sessions. */
const meta = {
  title: 'Users/UserSecurityTab',
  component: UserSecurityTab,
  decorators: [withRoutes],
  parameters: {
    path: '/users/:userId',
    childPath: 'security',
    parent: UserPage,
    route: '/users/7/security',
    msw: [adminUserHandler(), resetLink],
  },
} satisfies Meta<typeof UserSecurityTab>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Two-factor on, one session; "Reset two-factor" asks first, with focus in the dialog. */
export const Default: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    expect(await canvas.findByText('Enabled')).toBeTruthy();
    expect(canvas.getByText(/Chrome/)).toBeTruthy();
    await userEvent.click(canvas.getByRole('button', { name: 'Reset two-factor' }));
    const dialog = await within(document.body).findByRole('alertdialog');
    await waitFor(() => expect(dialog.contains(document.activeElement)).toBe(true));
  },
};

/** No two-factor, no sessions. */
export const NothingSetUp: Story = {
  parameters: { msw: [adminUserHandler({ two_factor_status: 'disabled', sessions: [] }), resetLink] },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    expect(await canvas.findByText('Not enabled')).toBeTruthy();
    expect(canvas.getByText('No active sessions.')).toBeTruthy();
  },
};
