import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { dropOrphanAnnouncements, withRouter, withSettings } from '../test/story-helpers';
import { authApi, signedOut, withSocialLogin } from './auth-story-fixtures';
import { LoginPage } from './login-page';

/** Spec 2.4 `/login` (and `/workspace/join/login`): email, password, remember, social sign-in. */
const meta = {
  title: 'Auth/LoginPage',
  component: LoginPage,
  decorators: [withRouter],
  beforeEach: [signedOut],
  parameters: { route: '/login', routePath: '/login', msw: [authApi.login()] },
} satisfies Meta<typeof LoginPage>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {};

/** Submitting empty shows each field's message; focus goes to the first invalid field. */
export const ValidationMessages: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: 'Continue' }));
    const email = canvas.getByRole('textbox', { name: 'Email' });
    await waitFor(() => expect(email.getAttribute('aria-invalid')).toBe('true'));
    expect(canvas.getAllByText(/required/i).length).toBeGreaterThan(0);
  },
};

/** The server refused the credentials: its message on the field. */
export const WrongPassword: Story = {
  parameters: {
    msw: [authApi.invalid('auth/login', { email: ['These credentials do not match our records.'] })],
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.type(canvas.getByRole('textbox', { name: 'Email' }), 'ada@example.com');
    await userEvent.type(canvas.getByLabelText(/^Password/), 'wrong-password');
    await userEvent.click(canvas.getByRole('button', { name: 'Continue' }));
    expect(await canvas.findByText('These credentials do not match our records.')).toBeTruthy();
  },
};

/** Signed in: the page leaves for the home page. */
export const SignsIn: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.type(canvas.getByRole('textbox', { name: 'Email' }), 'ada@example.com');
    await userEvent.type(canvas.getByLabelText(/^Password/), 'correct horse');
    await userEvent.click(canvas.getByRole('button', { name: 'Continue' }));
    await waitFor(() => expect(canvas.getByTestId('story-location').textContent).toBe('/'));
    dropOrphanAnnouncements();
  },
};

/** An account with two-factor: the challenge replaces the form. */
export const TwoFactorRequired: Story = {
  parameters: { msw: [authApi.login('two-factor')] },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.type(canvas.getByRole('textbox', { name: 'Email' }), 'ada@example.com');
    await userEvent.type(canvas.getByLabelText(/^Password/), 'correct horse');
    await userEvent.click(canvas.getByRole('button', { name: 'Continue' }));
    expect(await canvas.findByTestId('two-factor-challenge')).toBeTruthy();
    dropOrphanAnnouncements();
  },
};

export const Submitting: Story = {
  parameters: { msw: [authApi.pending('auth/login')] },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.type(canvas.getByRole('textbox', { name: 'Email' }), 'ada@example.com');
    await userEvent.type(canvas.getByLabelText(/^Password/), 'correct horse');
    await userEvent.click(canvas.getByRole('button', { name: 'Continue' }));
    expect(await canvas.findByRole('progressbar')).toBeTruthy();
  },
};

export const WithSocialLogin: Story = { beforeEach: [signedOut, withSocialLogin()] };

/** Registration closed: no sign-up link. */
export const RegistrationDisabled: Story = {
  beforeEach: [signedOut, withSettings({ registration: { disable: true } })],
};

/** Joining a workspace: the heading names the site. */
export const WorkspaceJoin: Story = {
  args: { isWorkspaceJoin: true },
  parameters: { route: '/workspace/join/login?invite_id=5', routePath: '/workspace/join/login' },
};
