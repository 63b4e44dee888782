import { withRouter } from '@cadence/app-shell/test/story-helpers';
import { ZAdminRoleSchema } from '@cadence/contracts/admin-roles';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { storyRole } from '../../test/admin-roles-fixtures';
import { listHandler, listPageStates } from '../../test/admin-story-fixtures';
import { RolesPage } from './roles-page';

const states = listPageStates({
  route: '/roles',
  endpoint: 'roles',
  rows: listHandler('roles', ZAdminRoleSchema, () => [1, 2, 3, 4, 5].map((id) => storyRole(id))),
  empty: listHandler('roles', ZAdminRoleSchema, () => []),
  emptyText: 'No roles yet',
  rowText: 'Moderator',
});

/** /admin/roles: every role with who it is given to and its user count (`GET api/v1/roles`). */
const meta = {
  title: 'Roles/RolesPage',
  component: RolesPage,
  decorators: [withRouter],
} satisfies Meta<typeof RolesPage>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = states.Default;
export const Empty: Story = states.Empty;
export const FilteredNoResults: Story = states.FilteredNoResults;
export const Loading: Story = states.Loading;
export const LoadError: Story = states.LoadError;
