import { ZAdminUpdateUserPayloadSchema } from '@cadence/contracts/admin-users';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { HttpResponse, http } from 'msw';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { expectToast, withRoutes } from '../../test/admin-story-fixtures';
import { adminUserHandler, rolesHandler } from '../../test/admin-users-fixtures';
import { UserDetailsTab } from './user-details-tab';
import { UserPage } from './user-page';

/** `PUT api/v1/users/7` (POST with the method override): the body must parse with the contract. */
const saved = http.post('*/api/v1/users/7', async ({ request }) => {
  ZAdminUpdateUserPayloadSchema.parse(await request.json());
  return HttpResponse.json({ message: 'Saved' });
});

/** The user page's Details tab: name, email, roles, verified, and suspending the account. */
const meta = {
  title: 'Users/UserDetailsTab',
  component: UserDetailsTab,
  decorators: [withRoutes],
  parameters: {
    path: '/users/:userId',
    parent: UserPage,
    route: '/users/7',
    msw: [adminUserHandler(), rolesHandler(), saved],
  },
} satisfies Meta<typeof UserDetailsTab>;

export default meta;
type Story = StoryObj<typeof meta>;

/** The user's details, saved. */
export const Default: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const email = (await canvas.findByRole('textbox', { name: /^Email/ })) as HTMLInputElement;
    expect(email.value).toBe('ada@example.com');
    await userEvent.click(canvas.getByRole('button', { name: 'Save' }));
    await expectToast('User updated');
  },
};

/** An email that is not one: the field's message. */
export const InvalidEmail: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const email = await canvas.findByRole('textbox', { name: /^Email/ });
    await userEvent.clear(email);
    await userEvent.type(email, 'nope');
    await userEvent.click(canvas.getByRole('button', { name: 'Save' }));
    expect(await canvas.findByText('The email must be a valid email address.')).toBeTruthy();
  },
};

/** "Suspend" asks first: the confirmation dialog takes focus. */
export const SuspendConfirm: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(await canvas.findByRole('button', { name: 'Suspend' }));
    const dialog = await within(document.body).findByRole('alertdialog');
    expect(dialog.textContent).toContain('Suspend ada@example.com?');
    await waitFor(() => expect(dialog.contains(document.activeElement)).toBe(true));
  },
};

/** A suspended account: since when, why, and "Unsuspend". */
export const Suspended: Story = {
  parameters: {
    msw: [adminUserHandler({ banned_at: '2026-10-02T08:00:00.000Z', ban_reason: 'Spam' }), rolesHandler()],
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    expect(await canvas.findByText('Reason: Spam')).toBeTruthy();
    expect(canvas.getByRole('button', { name: 'Unsuspend' })).toBeTruthy();
  },
};
