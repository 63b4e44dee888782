import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { withRoutes } from '../../test/admin-story-fixtures';
import { adminUserHandler } from '../../test/admin-users-fixtures';
import { UserApiTab } from './user-api-tab';
import { UserPage } from './user-page';

/** The user page's API tab: the user's access tokens, each revocable. */
const meta = {
  title: 'Users/UserApiTab',
  component: UserApiTab,
  decorators: [withRoutes],
  parameters: {
    path: '/users/:userId',
    childPath: 'api',
    parent: UserPage,
    route: '/users/7/api',
    msw: [adminUserHandler()],
  },
} satisfies Meta<typeof UserApiTab>;

export default meta;
type Story = StoryObj<typeof meta>;

/** A token; "Revoke" asks first, with focus inside the confirmation. */
export const Default: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    expect(await canvas.findByRole('table', { name: 'Access tokens' })).toBeTruthy();
    await userEvent.click(canvas.getByRole('button', { name: 'Revoke Home server sync' }));
    const dialog = await within(document.body).findByRole('alertdialog');
    await waitFor(() => expect(dialog.contains(document.activeElement)).toBe(true));
  },
};

export const NoTokens: Story = {
  parameters: { msw: [adminUserHandler({ tokens: [] })] },
  play: async ({ canvasElement }) => {
    expect(await within(canvasElement).findByText('This user has no access tokens.')).toBeTruthy();
  },
};
