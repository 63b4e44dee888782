import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { failingHandler, findSpinner, pendingHandler, withRoutes } from '../../test/admin-story-fixtures';
import { adminUserHandler } from '../../test/admin-users-fixtures';
import { UserPage } from './user-page';

/**
 * /admin/users/{userId}: the user's name, a "Suspended" badge, and the tabs (details,
 * permissions, security, date, api) whose page shows in the outlet (`GET api/v1/users/{id}/admin`).
 */
const meta = {
  title: 'Users/UserPage',
  component: UserPage,
  decorators: [withRoutes],
  parameters: { path: '/users/:userId', route: '/users/7', msw: [adminUserHandler()] },
} satisfies Meta<typeof UserPage>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    expect(await canvas.findByRole('heading', { name: 'Ada Lovelace' })).toBeTruthy();
    expect(canvas.getByRole('navigation', { name: 'User sections' })).toBeTruthy();
  },
};

/** A suspended account carries a badge. */
export const Suspended: Story = {
  parameters: { msw: [adminUserHandler({ banned_at: '2026-10-02T08:00:00.000Z', ban_reason: 'Spam' })] },
  play: async ({ canvasElement }) => {
    expect(await within(canvasElement).findByText('Suspended')).toBeTruthy();
  },
};

export const Loading: Story = {
  parameters: { msw: [pendingHandler('users/7/admin')] },
  play: async ({ canvasElement }) => {
    await findSpinner(canvasElement);
  },
};

export const LoadError: Story = {
  parameters: { msw: [failingHandler('users/7/admin')] },
  play: async ({ canvasElement }) => {
    expect((await within(canvasElement).findByRole('alert')).textContent).toContain(
      'This user could not be loaded.',
    );
  },
};
