import { cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { makeBootstrap, makeUser } from '../test/fixtures';
import { registerLoader } from './guest-only';
import { RegisterPage } from './register-page';
import { fakeApi } from './test-helpers/fake-api';
import { renderRoutes } from './test-helpers/render-route';

const routes = [
  { path: 'register', loader: registerLoader, element: <RegisterPage /> },
  { path: 'workspace/join/register', loader: registerLoader, element: <RegisterPage isWorkspaceJoin /> },
  { path: 'login', element: <p>login page</p> },
];

const heading = () => screen.getByRole('heading', { level: 1 }).textContent;

async function fillCredentials() {
  await userEvent.type(screen.getByLabelText(/^Email/), 'new@example.com');
  await userEvent.type(screen.getByLabelText(/^Password/), 'long-password');
  await userEvent.type(screen.getByLabelText(/^Confirm password/), 'long-password');
}

describe('register page (spec 2.4)', () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('picks the heading: default, pricing funnel, workspace invite', async () => {
    await renderRoutes(routes, '/register', makeBootstrap());
    expect(heading()).toBe('Create a new account');
    expect(screen.getByRole('link', { name: 'Already have an account? Sign in.' })).toBeTruthy();
    cleanup();
    await renderRoutes(routes, '/register?redirectFrom=pricing', makeBootstrap());
    expect(heading()).toBe("First, let's create your account");
    cleanup();
    await renderRoutes(routes, '/workspace/join/register', makeBootstrap());
    expect(heading()).toBe('To join your team on Cadence, create an account');
  });

  it('prefills and locks the email from the address', async () => {
    await renderRoutes(routes, '/register?email=invited@example.com', makeBootstrap());
    const email = screen.getByLabelText(/^Email/) as HTMLInputElement;
    expect(email.value).toBe('invited@example.com');
    expect(email.readOnly).toBe(true);
  });

  it('redirects to /login when registration is disabled, except for invites', async () => {
    const data = makeBootstrap();
    data.settings.registration.disable = true;
    await renderRoutes(routes, '/register', data);
    expect(await screen.findByText('login page')).toBeTruthy();
    cleanup();
    await renderRoutes(routes, '/workspace/join/register', data);
    expect(heading()).toBe('To join your team on Cadence, create an account');
    cleanup();
    await renderRoutes(routes, '/register?invite_type=workspace', data);
    expect(heading()).toBe('Create a new account');
  });

  it('redirects a logged-in user away', async () => {
    const router = await renderRoutes(routes, '/register', makeBootstrap({ user: makeUser() }));
    expect(router.state.location.pathname).toBe('/');
  });

  it('requires every policy checkbox and sends one flag per policy', async () => {
    const data = makeBootstrap();
    data.settings.registration.policies = [
      { id: 'terms', label: 'Terms of service', type: 'link', action: '/pages/terms' },
    ];
    const api = fakeApi({
      'POST /auth/register': {
        body: { status: 'needs_email_verification', bootstrapData: makeBootstrap({ user: makeUser() }) },
      },
    });
    const router = await renderRoutes(routes, '/register', data);
    await fillCredentials();
    await userEvent.click(screen.getByRole('button', { name: 'Create account' }));
    expect(api.calls).toHaveLength(0);
    expect(screen.getByText('This field is required.')).toBeTruthy();
    await userEvent.click(screen.getByRole('checkbox', { name: /I accept the/ }));
    await userEvent.click(screen.getByRole('button', { name: 'Create account' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(api.calls[0]?.body).toEqual({
      email: 'new@example.com',
      password: 'long-password',
      password_confirmation: 'long-password',
      terms: true,
    });
  });

  it('goes to the post-login redirect, replacing history, on a plain success', async () => {
    localStorage.setItem('be.onboarding.selected', JSON.stringify({ productId: 3, priceId: 9 }));
    fakeApi({
      'POST /auth/register': {
        body: { status: 'success', bootstrapData: makeBootstrap({ user: makeUser() }) },
      },
    });
    const router = await renderRoutes(routes, '/register', makeBootstrap());
    await fillCredentials();
    await userEvent.click(screen.getByRole('button', { name: 'Create account' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/checkout/3/9'));
    expect(router.state.historyAction).toBe('REPLACE');
    localStorage.clear();
  });

  it('refuses to submit when recaptcha cannot verify', async () => {
    const data = makeBootstrap();
    data.settings.recaptcha = { site_key: 'site-key', enable: { register: true, contact: false } };
    const api = fakeApi({});
    await renderRoutes(routes, '/register', data);
    await fillCredentials();
    // The recaptcha script cannot load in jsdom, which is a failed verification.
    const click = userEvent.click(screen.getByRole('button', { name: 'Create account' }));
    const script = await waitFor(() => {
      const found = document.head.querySelector<HTMLScriptElement>('script[src*="recaptcha"]');
      if (!found) throw new Error('no script yet');
      return found;
    });
    script.dispatchEvent(new Event('error'));
    await click;
    expect(await screen.findByText('Could not verify you are human.')).toBeTruthy();
    expect(api.calls.filter((call) => call.path === '/auth/register')).toHaveLength(0);
  });
});
