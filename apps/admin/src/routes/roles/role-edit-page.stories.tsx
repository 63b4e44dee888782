import { fixture } from '@cadence/app-shell/test/story-helpers';
import { ZAdminRoleResponseSchema, ZRolePayloadSchema } from '@cadence/contracts/admin-roles';
import { ZAdminUserListItemSchema } from '@cadence/contracts/admin-users';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { HttpResponse, http } from 'msw';
import { expect, userEvent, within } from 'storybook/test';
import { storyRole } from '../../test/admin-roles-fixtures';
import {
  expectToast,
  failingHandler,
  findSpinner,
  listHandler,
  pendingHandler,
  STAMP,
  withRoutes,
} from '../../test/admin-story-fixtures';
import { RoleEditPage } from './role-edit-page';

const role = http.get('*/api/v1/roles/5', () =>
  HttpResponse.json(fixture(ZAdminRoleResponseSchema, { role: storyRole(5) })),
);
const roleUsers = listHandler('users', ZAdminUserListItemSchema, () =>
  ['ada', 'grace', 'alan'].map((name, index) => ({
    id: index + 1,
    name,
    email: `${name}@example.com`,
    image: null,
    email_verified_at: STAMP,
    banned_at: null,
    created_at: STAMP,
    roles: [{ id: 5, name: 'Moderator' }],
  })),
);
/** `PUT api/v1/roles/5` (sent as POST with the method override): the body must parse. */
const saved = http.post('*/api/v1/roles/5', async ({ request }) => {
  const body = ZRolePayloadSchema.parse(await request.json());
  return HttpResponse.json(fixture(ZAdminRoleResponseSchema, { role: storyRole(5, body) }));
});

/**
 * /admin/roles/new and /admin/roles/{roleId}/edit: name, description, who gets the role, and the
 * permission catalogue (each permission with its quotas); beside it, the role's users.
 */
const meta = {
  title: 'Roles/RoleEditPage',
  component: RoleEditPage,
  decorators: [withRoutes],
  parameters: { path: '/roles/:roleId/edit', route: '/roles/5/edit', msw: [role, roleUsers, saved] },
} satisfies Meta<typeof RoleEditPage>;

export default meta;
type Story = StoryObj<typeof meta>;

/** An existing role: its permissions ticked, its users listed; saving sends the contract's payload. */
export const Edit: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const name = (await canvas.findByRole('textbox', { name: /^Name/ })) as HTMLInputElement;
    expect(name.value).toBe('Moderator');
    expect(await canvas.findByText('grace@example.com')).toBeTruthy();
    const granted = canvasElement.querySelector<HTMLInputElement>('[data-permission="music.view"]');
    expect(granted?.checked).toBe(true);
    await userEvent.click(canvas.getByRole('button', { name: 'Save' }));
    await expectToast('Role updated');
  },
};

/** A new role: submitting without a name shows the field's message and sends nothing. */
export const NewInvalid: Story = {
  parameters: { path: '/roles/new', route: '/roles/new' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(await canvas.findByRole('button', { name: 'Create' }));
    expect(await canvas.findByText('The name field is required.')).toBeTruthy();
  },
};

export const Loading: Story = {
  parameters: { msw: [pendingHandler('roles/5')] },
  play: async ({ canvasElement }) => {
    await findSpinner(canvasElement);
  },
};

export const LoadError: Story = {
  parameters: { msw: [failingHandler('roles/5')] },
  play: async ({ canvasElement }) => {
    expect((await within(canvasElement).findByRole('alert')).textContent).toContain(
      'This role could not be loaded.',
    );
  },
};
