import { fixture, withRouter } from '@cadence/app-shell/test/story-helpers';
import { ZCreateUserPayloadSchema } from '@cadence/contracts/admin-users';
import { ZErrorEnvelopeSchema } from '@cadence/contracts/errors';
import { apiClient } from '@cadence/http-client/http-client';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { HttpResponse, http } from 'msw';
import { Link } from 'react-router';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import type { z } from 'zod';
import { AdminForm, SubmitButton } from './admin-form';
import { FormCheckbox, FormSelect, FormTextarea, FormTextField } from './form-fields';
import { useAdminForm } from './use-admin-form';

type TValues = z.input<typeof ZCreateUserPayloadSchema>;

/**
 * The admin's "Add user" form as the admin kit builds every form: react-hook-form validated by
 * the contract's own schema (ZCreateUserPayloadSchema), the server's 422 errors on their fields.
 */
function CreateUserForm({ isDisabled = false }: { isDisabled?: boolean }) {
  const adminForm = useAdminForm({
    schema: ZCreateUserPayloadSchema,
    defaultValues: { name: '', email: '', password: '', email_verified: false },
    submit: (values) => apiClient.post('users', values),
    successMessage: 'User created',
  });
  return (
    <AdminForm adminForm={adminForm} guard={false} className="flex max-w-md flex-col gap-4">
      <FormTextField<TValues> name="name" label="Name" isDisabled={isDisabled} />
      <FormTextField<TValues>
        name="email"
        label="Email"
        type="email"
        isRequired
        isDisabled={isDisabled}
        description="A confirmation link is sent unless the email is marked verified."
      />
      <FormTextField<TValues>
        name="password"
        label="Password"
        type="password"
        isRequired
        isDisabled={isDisabled}
      />
      <FormCheckbox<TValues> name="email_verified" label="Email verified" isDisabled={isDisabled} />
      <SubmitButton>Add user</SubmitButton>
    </AdminForm>
  );
}

const meta = {
  title: 'Forms/AdminForm',
  component: CreateUserForm,
  decorators: [withRouter],
  parameters: { msw: [http.post('*/api/v1/users', () => HttpResponse.json({}, { status: 201 }))] },
} satisfies Meta<typeof CreateUserForm>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {};

export const Disabled: Story = { args: { isDisabled: true } };

/** Submitting checks the contract's rules first: their messages show and the first field is focused. */
export const ValidationMessages: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.type(canvas.getByRole('textbox', { name: /^Email/ }), 'not-an-email');
    await userEvent.type(canvas.getByLabelText(/^Password/), 'short');
    await userEvent.click(canvas.getByRole('button', { name: 'Add user' }));
    expect(await canvas.findByText('The email must be a valid email address.')).toBeTruthy();
    expect(canvas.getByText(/The password must be at least \d+ characters\./)).toBeTruthy();
    await waitFor(() => expect(document.activeElement).toBe(canvas.getByRole('textbox', { name: /^Email/ })));
  },
};

/** The api's 422 (its one error envelope) lands on the field it names. */
export const ServerErrors: Story = {
  parameters: {
    msw: [
      http.post('*/api/v1/users', () =>
        HttpResponse.json(
          fixture(ZErrorEnvelopeSchema, {
            message: 'The given data was invalid.',
            errors: { email: ['The email has already been taken.'] },
          }),
          { status: 422 },
        ),
      ),
    ],
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.type(canvas.getByRole('textbox', { name: /^Email/ }), 'ada@example.com');
    await userEvent.type(canvas.getByLabelText(/^Password/), 'a long enough password');
    await userEvent.click(canvas.getByRole('button', { name: 'Add user' }));
    expect(await canvas.findByText('The email has already been taken.')).toBeTruthy();
  },
};

const ZNotesSchema = ZCreateUserPayloadSchema.pick({ name: true });
type TNotes = z.input<typeof ZNotesSchema> & { bio?: string; plan?: string };

/** The other field kinds: textarea and select. */
function OtherFields() {
  const adminForm = useAdminForm({
    schema: ZNotesSchema,
    defaultValues: { name: 'Ada Lovelace' },
    submit: async () => ({}),
    successMessage: 'Saved',
  });
  return (
    <AdminForm adminForm={adminForm} guard={false} className="flex max-w-md flex-col gap-4">
      <FormTextarea<TNotes> name="bio" label="About" description="Shown on the profile page." />
      <FormSelect<TNotes>
        name="plan"
        label="Plan"
        emptyLabel="No plan"
        options={[
          { value: 'free', label: 'Free' },
          { value: 'pro', label: 'Pro' },
        ]}
      />
    </AdminForm>
  );
}

export const TextareaAndSelect: Story = { render: () => <OtherFields /> };

/** A page form with the unsaved-changes guard (the default): leaving with edits asks first. */
function GuardedForm() {
  const adminForm = useAdminForm({
    schema: ZNotesSchema,
    defaultValues: { name: 'Ada Lovelace' },
    submit: async () => ({}),
    successMessage: 'Saved',
  });
  return (
    <div className="flex max-w-md flex-col gap-4">
      <Link to="/elsewhere" className="text-primary underline">
        Back to users
      </Link>
      <AdminForm adminForm={adminForm}>
        <FormTextField<TNotes> name="name" label="Name" />
        <SubmitButton />
      </AdminForm>
    </div>
  );
}

export const LeavingWithUnsavedChanges: Story = {
  render: () => <GuardedForm />,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.type(canvas.getByRole('textbox', { name: 'Name' }), ' Byron');
    await userEvent.click(canvas.getByRole('link', { name: 'Back to users' }));
    const dialog = await within(document.body).findByRole('alertdialog', { name: 'Leave without saving?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(within(document.body).queryByRole('alertdialog')).toBeNull());
  },
};
