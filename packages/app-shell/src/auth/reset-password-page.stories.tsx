import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { dropOrphanAnnouncements, withRouter } from '../test/story-helpers';
import { authApi, signedOut } from './auth-story-fixtures';
import { ResetPasswordPage } from './reset-password-page';

/** Spec 2.4 `/password/reset/{token}`: email, the new password twice. */
const meta = {
  title: 'Auth/ResetPasswordPage',
  component: ResetPasswordPage,
  decorators: [withRouter],
  beforeEach: [signedOut],
  parameters: {
    route: '/password/reset/abc123?email=ada@example.com',
    routePath: '/password/reset/:token',
    msw: [authApi.signedIn('auth/reset-password')],
  },
} satisfies Meta<typeof ResetPasswordPage>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {};

export const PasswordsDiffer: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.type(canvas.getByLabelText(/^New password/), 'correct horse battery');
    await userEvent.type(canvas.getByLabelText(/^Confirm password/), 'correct horse');
    await userEvent.click(canvas.getByRole('button', { name: 'Reset password' }));
    await waitFor(() =>
      expect(canvas.getByLabelText(/^Confirm password/).getAttribute('aria-invalid')).toBe('true'),
    );
  },
};

/** The link expired: the server's message on the email field. */
export const ExpiredLink: Story = {
  parameters: {
    msw: [authApi.invalid('auth/reset-password', { email: ['This password reset token is invalid.'] })],
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.type(canvas.getByLabelText(/^New password/), 'correct horse battery');
    await userEvent.type(canvas.getByLabelText(/^Confirm password/), 'correct horse battery');
    await userEvent.click(canvas.getByRole('button', { name: 'Reset password' }));
    expect(await canvas.findByText('This password reset token is invalid.')).toBeTruthy();
    dropOrphanAnnouncements();
  },
};

export const Reset: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.type(canvas.getByLabelText(/^New password/), 'correct horse battery');
    await userEvent.type(canvas.getByLabelText(/^Confirm password/), 'correct horse battery');
    await userEvent.click(canvas.getByRole('button', { name: 'Reset password' }));
    await waitFor(() => expect(canvas.getByTestId('story-location').textContent).toBe('/'));
    dropOrphanAnnouncements();
  },
};
