import { withRouter } from '@cadence/app-shell/test/story-helpers';
import { ZAdminUserListItemSchema } from '@cadence/contracts/admin-users';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { listHandler, listPageStates } from '../../test/admin-story-fixtures';
import { rolesHandler, storyUserRow } from '../../test/admin-users-fixtures';
import { UsersPage } from './users-page';

const rows = listHandler('users', ZAdminUserListItemSchema, () =>
  Array.from({ length: 30 }, (_, index) => storyUserRow(index)),
);
const states = listPageStates({
  route: '/users',
  endpoint: 'users',
  rows,
  empty: listHandler('users', ZAdminUserListItemSchema, () => []),
  emptyText: 'No users yet',
  rowText: 'user2@example.com',
  extra: [rolesHandler()],
});

/** /admin/users (`GET api/v1/users`): search, role and status filters, add user, bulk delete. */
const meta = {
  title: 'Users/UsersPage',
  component: UsersPage,
  decorators: [withRouter],
} satisfies Meta<typeof UsersPage>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = states.Default;
export const Empty: Story = states.Empty;
export const FilteredNoResults: Story = states.FilteredNoResults;
export const Loading: Story = states.Loading;
export const LoadError: Story = states.LoadError;

/** "Add user" opens the create dialog with focus inside it. */
export const AddUser: Story = {
  parameters: { route: '/users', msw: [rows, rolesHandler()] },
  play: async ({ canvasElement }) => {
    await userEvent.click(await within(canvasElement).findByRole('button', { name: 'Add user' }));
    const dialog = await within(document.body).findByRole('dialog');
    await waitFor(() => expect(dialog.contains(document.activeElement)).toBe(true));
  },
};
