import { fixture } from '@cadence/app-shell/test/story-helpers';
import { ZAdminUserResponseSchema, ZCreateUserPayloadSchema } from '@cadence/contracts/admin-users';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { HttpResponse, http } from 'msw';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';
import { storyAdminUser } from '../../test/admin-users-fixtures';
import { CreateUserDialog } from './create-user-dialog';

/** `POST api/v1/users`: the body must parse with the contract. */
const created = http.post('*/api/v1/users', async ({ request }) => {
  const body = ZCreateUserPayloadSchema.parse(await request.json());
  return HttpResponse.json(
    fixture(ZAdminUserResponseSchema, { user: storyAdminUser({ id: 42, email: body.email }) }),
  );
});

/** /admin/users' "Add user": email, password, name, verified. */
const meta = {
  title: 'Users/CreateUserDialog',
  component: CreateUserDialog,
  args: { close: fn() },
  parameters: { msw: [created] },
} satisfies Meta<typeof CreateUserDialog>;

export default meta;
type Story = StoryObj<typeof meta>;

const dialog = () => within(document.body).getByRole('dialog');

/** Focus starts inside the dialog; a valid account is created and the dialog closes with its id. */
export const Created: Story = {
  play: async ({ args }) => {
    await waitFor(() => expect(dialog().contains(document.activeElement)).toBe(true));
    await userEvent.type(within(dialog()).getByRole('textbox', { name: /^Email/ }), 'new@example.com');
    await userEvent.type(within(dialog()).getByLabelText(/^Password/), 'correct horse battery');
    await userEvent.click(within(dialog()).getByRole('button', { name: 'Create' }));
    await waitFor(() => expect(args.close).toHaveBeenCalledWith(42));
  },
};

/** A bad email and a short password: each field says what is wrong, nothing is sent. */
export const Invalid: Story = {
  play: async ({ args }) => {
    await userEvent.type(within(dialog()).getByRole('textbox', { name: /^Email/ }), 'not-an-email');
    await userEvent.type(within(dialog()).getByLabelText(/^Password/), 'a');
    await userEvent.click(within(dialog()).getByRole('button', { name: 'Create' }));
    expect(await within(dialog()).findByText('The email must be a valid email address.')).toBeTruthy();
    expect(within(dialog()).getByText(/^The password must be at least/)).toBeTruthy();
    expect(args.close).not.toHaveBeenCalled();
  },
};
