import { cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { makeBootstrap, makeUser } from '../test/fixtures';
import { ForgotPasswordPage } from './forgot-password-page';
import { guestOnlyLoader } from './guest-only';
import { ResetPasswordPage } from './reset-password-page';
import { fakeApi } from './test-helpers/fake-api';
import { renderRoutes } from './test-helpers/render-route';

const routes = [
  { path: 'forgot-password', loader: guestOnlyLoader, element: <ForgotPasswordPage /> },
  { path: 'password/reset/:token', loader: guestOnlyLoader, element: <ResetPasswordPage /> },
  { path: 'login', element: <p>login page</p> },
];

describe('forgot and reset password (spec 2.4)', () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('sends the email, shows the server message and goes to /login', async () => {
    const api = fakeApi({ 'POST /auth/forgot-password': { body: { message: 'Check your inbox.' } } });
    await renderRoutes(routes, '/forgot-password?email=ada@example.com', makeBootstrap());
    const email = screen.getByLabelText(/^Email/) as HTMLInputElement;
    expect(email.value).toBe('ada@example.com');
    expect(email.readOnly).toBe(true);
    await userEvent.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByText('login page')).toBeTruthy();
    expect(screen.getByText('Check your inbox.')).toBeTruthy();
    expect(api.calls[0]?.body).toEqual({ email: 'ada@example.com' });
  });

  it('resets with the token from the path and toasts', async () => {
    const api = fakeApi({ 'POST /auth/reset-password': { body: { message: 'ok' } } });
    const router = await renderRoutes(routes, '/password/reset/tok123', makeBootstrap());
    await userEvent.type(screen.getByLabelText(/^Email/), 'ada@example.com');
    await userEvent.type(screen.getByLabelText(/^New password/), 'new-password-1');
    await userEvent.type(screen.getByLabelText(/^Confirm password/), 'new-password-2');
    await userEvent.click(screen.getByRole('button', { name: 'Reset password' }));
    expect(screen.getByText('The passwords do not match.')).toBeTruthy();
    expect(api.calls).toHaveLength(0);
    await userEvent.clear(screen.getByLabelText(/^Confirm password/));
    await userEvent.type(screen.getByLabelText(/^Confirm password/), 'new-password-1');
    await userEvent.click(screen.getByRole('button', { name: 'Reset password' }));
    expect(await screen.findByText('Your password has been reset!')).toBeTruthy();
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(api.calls[0]?.body).toEqual({
      token: 'tok123',
      email: 'ada@example.com',
      password: 'new-password-1',
      password_confirmation: 'new-password-1',
    });
  });

  it('sends a logged-in user to their redirect address', async () => {
    const router = await renderRoutes(routes, '/forgot-password', makeBootstrap({ user: makeUser() }));
    expect(router.state.location.pathname).toBe('/');
  });
});
