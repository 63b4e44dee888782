import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { dropOrphanAnnouncements, withRouter } from '../test/story-helpers';
import { authApi, signedOut } from './auth-story-fixtures';
import { ForgotPasswordPage } from './forgot-password-page';

/** Spec 2.4 `/forgot-password`: the email, then the server's message and back to sign in. */
const meta = {
  title: 'Auth/ForgotPasswordPage',
  component: ForgotPasswordPage,
  decorators: [withRouter],
  beforeEach: [signedOut],
  parameters: {
    route: '/forgot-password',
    routePath: '/forgot-password',
    msw: [authApi.message('auth/forgot-password', 'We have emailed your password reset link.')],
  },
} satisfies Meta<typeof ForgotPasswordPage>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {};

export const InvalidEmail: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.type(canvas.getByRole('textbox', { name: /Email/ }), 'ada@');
    await userEvent.click(canvas.getByRole('button', { name: 'Continue' }));
    await waitFor(() =>
      expect(canvas.getByRole('textbox', { name: /Email/ }).getAttribute('aria-invalid')).toBe('true'),
    );
  },
};

export const Sent: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.type(canvas.getByRole('textbox', { name: /Email/ }), 'ada@example.com');
    await userEvent.click(canvas.getByRole('button', { name: 'Continue' }));
    await waitFor(() => expect(canvas.getByTestId('story-location').textContent).toBe('/login'));
    dropOrphanAnnouncements();
  },
};

/** The address came with the link: read only. */
export const LockedEmail: Story = {
  parameters: { route: '/forgot-password?email=ada@example.com' },
};
