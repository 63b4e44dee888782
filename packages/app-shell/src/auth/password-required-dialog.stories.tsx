import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';
import { authRequests } from './auth-requests';
import { authApi } from './auth-story-fixtures';
import { PasswordRequiredDialog } from './password-required-dialog';

/**
 * Spec 5 "Password-required dialog": connecting a social account to an existing one (and other
 * sensitive actions) asks for the password; a wrong one is said on the field.
 */
const meta = {
  title: 'Auth/PasswordRequiredDialog',
  component: PasswordRequiredDialog,
  args: {
    title: 'Password required',
    message:
      'An account with this email address already exists. If you want to connect the two accounts, enter the existing account password.',
    submitLabel: 'Connect',
    onSubmit: async (password: string) => {
      await authRequests.socialConnectWithPassword(password);
    },
    onClose: fn(),
  },
  parameters: { msw: [authApi.signedIn('secure/auth/social/connect')] },
} satisfies Meta<typeof PasswordRequiredDialog>;

export default meta;
type Story = StoryObj<typeof meta>;

/** The password field has the focus inside the dialog. */
export const Default: Story = {
  play: async () => {
    const dialog = await within(document.body).findByRole('dialog', { name: 'Password required' });
    const field = within(dialog).getByLabelText(/^Password/);
    await waitFor(() => expect(document.activeElement).toBe(field));
  },
};

export const Required: Story = {
  play: async () => {
    const dialog = await within(document.body).findByRole('dialog', { name: 'Password required' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Connect' }));
    await waitFor(() =>
      expect(
        within(dialog)
          .getByLabelText(/^Password/)
          .getAttribute('aria-invalid'),
      ).toBe('true'),
    );
  },
};

export const WrongPassword: Story = {
  parameters: {
    msw: [authApi.invalid('secure/auth/social/connect', { password: ['The password is incorrect.'] })],
  },
  play: async () => {
    const dialog = await within(document.body).findByRole('dialog', { name: 'Password required' });
    await userEvent.type(within(dialog).getByLabelText(/^Password/), 'wrong');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Connect' }));
    expect(await within(dialog).findByText('The password is incorrect.')).toBeTruthy();
  },
};

/** Escape closes it. */
export const ClosesOnEscape: Story = {
  play: async ({ args }) => {
    await within(document.body).findByRole('dialog', { name: 'Password required' });
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(args.onClose).toHaveBeenCalled());
  },
};
