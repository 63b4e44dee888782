import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { dropOrphanAnnouncements, withRouter, withSettings } from '../test/story-helpers';
import { authApi, signedOut, withSocialLogin } from './auth-story-fixtures';
import { RegisterPage } from './register-page';

const withPolicies = withSettings({
  registration: {
    disable: false,
    policies: [
      { id: 'terms', label: 'Terms of Service', type: 'route', action: '/pages/terms' },
      { id: 'privacy', label: 'Privacy Policy', type: 'link', action: 'https://example.com/privacy' },
    ],
  },
});

/** Spec 2.4 `/register` (and `/workspace/join/register`): email, password twice, the policies. */
const meta = {
  title: 'Auth/RegisterPage',
  component: RegisterPage,
  decorators: [withRouter],
  beforeEach: [signedOut],
  parameters: { route: '/register', routePath: '/register', msw: [authApi.signedIn('auth/register')] },
} satisfies Meta<typeof RegisterPage>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {};

/** Empty submit: every field's message; the policies must be accepted. */
export const ValidationMessages: Story = {
  beforeEach: [signedOut, withPolicies],
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.type(canvas.getByRole('textbox', { name: /Email/ }), 'not-an-email');
    await userEvent.type(canvas.getByLabelText(/^Password/), 'one');
    await userEvent.type(canvas.getByLabelText(/^Confirm password/), 'two');
    await userEvent.click(canvas.getByRole('button', { name: 'Create account' }));
    await waitFor(() =>
      expect(canvas.getByRole('textbox', { name: /Email/ }).getAttribute('aria-invalid')).toBe('true'),
    );
    expect(canvas.getByLabelText(/^Confirm password/).getAttribute('aria-invalid')).toBe('true');
  },
};

/** The email is taken: the server's message lands on the field. */
export const EmailTaken: Story = {
  parameters: { msw: [authApi.invalid('auth/register', { email: ['The email has already been taken.'] })] },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.type(canvas.getByRole('textbox', { name: /Email/ }), 'ada@example.com');
    await userEvent.type(canvas.getByLabelText(/^Password/), 'correct horse battery');
    await userEvent.type(canvas.getByLabelText(/^Confirm password/), 'correct horse battery');
    await userEvent.click(canvas.getByRole('button', { name: 'Create account' }));
    expect(await canvas.findByText('The email has already been taken.')).toBeTruthy();
    dropOrphanAnnouncements();
  },
};

export const WithPoliciesAndSocialLogin: Story = {
  beforeEach: [signedOut, withPolicies, withSocialLogin(true)],
};

/** An invited address comes locked in the link. */
export const InvitedEmail: Story = {
  args: { isWorkspaceJoin: true },
  parameters: {
    route: '/workspace/join/register?email=grace@example.com&invite_id=5',
    routePath: '/workspace/join/register',
  },
};
