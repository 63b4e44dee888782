import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { getBootstrapData } from '../bootstrap-store';
import { makeBootstrap, makeUser } from '../test/fixtures';
import { LoginPage } from './login-page';
import { fakeApi } from './test-helpers/fake-api';
import { renderRoutes } from './test-helpers/render-route';

const routes = [
  { path: 'login', element: <LoginPage /> },
  { path: 'workspace/join/login', element: <LoginPage isWorkspaceJoin /> },
];

const admin = makeUser({ id: 1, permissions: [{ name: 'admin', restrictions: [] }] });

describe('login page (spec 2.4)', () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('has email, password, remember on by default, forgot and sign-up links', async () => {
    await renderRoutes(routes, '/login', makeBootstrap());
    expect(screen.getByLabelText(/Email/).getAttribute('type')).toBe('email');
    expect(screen.getByLabelText(/Password/).getAttribute('type')).toBe('password');
    expect(
      (screen.getByRole('checkbox', { name: 'Stay signed in for a month' }) as HTMLInputElement).checked,
    ).toBe(true);
    expect(screen.getByRole('link', { name: 'Forgot your password?' }).getAttribute('href')).toBe(
      '/forgot-password',
    );
    expect(screen.getByRole('link', { name: 'Sign up.' }).getAttribute('href')).toBe('/register');
    // Inside the sentence the link is underlined at rest (axe link-in-text-block: not colour alone).
    expect(screen.getByRole('link', { name: 'Sign up.' }).className).toMatch(/(^| )underline( |$)/);
  });

  it('hides the sign-up link when registration is disabled', async () => {
    const data = makeBootstrap();
    data.settings.registration.disable = true;
    await renderRoutes(routes, '/login', data);
    expect(screen.queryByRole('link', { name: 'Sign up.' })).toBeNull();
  });

  it('prefills demo credentials unless an email is in the address', async () => {
    const data = makeBootstrap();
    data.settings.site.demo = true;
    data.settings.demo = { email: 'demo@cadence.test', password: 'demo-pass' };
    await renderRoutes(routes, '/login', data);
    expect((screen.getByLabelText(/Email/) as HTMLInputElement).value).toBe('demo@cadence.test');
    cleanup();
    await renderRoutes(routes, '/login?email=ada@example.com', data);
    expect((screen.getByLabelText(/Email/) as HTMLInputElement).value).toBe('ada@example.com');
    expect((screen.getByLabelText(/Password/) as HTMLInputElement).value).toBe('');
  });

  it('does not send an empty form and focuses the first invalid field', async () => {
    const api = fakeApi({});
    await renderRoutes(routes, '/login', makeBootstrap());
    await userEvent.click(screen.getByRole('button', { name: 'Continue' }));
    expect(api.calls).toHaveLength(0);
    expect(document.activeElement).toBe(screen.getByLabelText(/Email/));
    expect(screen.getAllByText('This field is required.')).toHaveLength(2);
  });

  it('attaches server field errors to their fields and focuses the first', async () => {
    fakeApi({
      'POST /auth/login': {
        status: 422,
        body: { message: 'The given data was invalid.', errors: { password: ['Wrong password.'] } },
      },
    });
    await renderRoutes(routes, '/login', makeBootstrap());
    await userEvent.type(screen.getByLabelText(/Email/), 'ada@example.com');
    await userEvent.type(screen.getByLabelText(/Password/), 'nope-nope');
    await userEvent.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByText('Wrong password.')).toBeTruthy();
    expect(document.activeElement).toBe(screen.getByLabelText(/Password/));
  });

  it('shows a danger toast when the server sends a message without field errors', async () => {
    fakeApi({ 'POST /auth/login': { status: 429, body: { message: 'Too many login attempts.' } } });
    await renderRoutes(routes, '/login', makeBootstrap());
    await userEvent.type(screen.getByLabelText(/Email/), 'ada@example.com');
    await userEvent.type(screen.getByLabelText(/Password/), 'whatever1');
    await userEvent.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByText('Too many login attempts.')).toBeTruthy();
  });

  it('applies bootstrap data and sends an admin to /admin with a full load', async () => {
    const assign = vi.fn();
    vi.stubGlobal('location', { ...window.location, assign, search: '', origin: 'http://localhost:3000' });
    const api = fakeApi({ 'POST /auth/login': { body: { bootstrapData: makeBootstrap({ user: admin }) } } });
    await renderRoutes(routes, '/login', makeBootstrap());
    await userEvent.type(screen.getByLabelText(/Email/), 'admin@example.com');
    await userEvent.type(screen.getByLabelText(/Password/), 'secret-pass');
    await userEvent.click(screen.getByRole('checkbox', { name: 'Stay signed in for a month' }));
    await userEvent.click(screen.getByRole('button', { name: 'Continue' }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith('/admin'));
    expect(api.calls[0]?.body).toEqual({
      email: 'admin@example.com',
      password: 'secret-pass',
      remember: false,
    });
    expect(getBootstrapData().user?.id).toBe(1);
  });

  it('sends a listener home inside the app', async () => {
    fakeApi({ 'POST /auth/login': { body: { bootstrapData: makeBootstrap({ user: makeUser() }) } } });
    const router = await renderRoutes(routes, '/login', makeBootstrap());
    await userEvent.type(screen.getByLabelText(/Email/), 'ada@example.com');
    await userEvent.type(screen.getByLabelText(/Password/), 'secret-pass');
    await userEvent.click(screen.getByRole('button', { name: 'Continue' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
  });

  it('moves to the two-factor challenge: 6-character code, or a 21-character recovery code', async () => {
    const api = fakeApi({
      'POST /auth/login': { body: { two_factor: true } },
      'POST /auth/two-factor-challenge': { body: { bootstrapData: makeBootstrap({ user: makeUser() }) } },
    });
    const router = await renderRoutes(routes, '/login', makeBootstrap());
    await userEvent.type(screen.getByLabelText(/Email/), 'ada@example.com');
    await userEvent.type(screen.getByLabelText(/Password/), 'secret-pass');
    await userEvent.click(screen.getByRole('button', { name: 'Continue' }));
    const code = await screen.findByLabelText(/^Code/);
    expect(code.getAttribute('maxlength')).toBe('6');
    expect(code.getAttribute('autocomplete')).toBe('one-time-code');
    await userEvent.type(code, '123');
    await userEvent.click(screen.getByRole('button', { name: 'Continue' }));
    expect(screen.getByText('Must be exactly 6 characters.')).toBeTruthy();

    await userEvent.click(screen.getByRole('button', { name: 'Use recovery code instead' }));
    const recovery = screen.getByLabelText(/Recovery code/);
    expect(recovery.getAttribute('maxlength')).toBe('21');
    await userEvent.type(recovery, 'abcdefghij-klmnopqrst');
    await act(async () => {
      fireEvent.submit(screen.getByTestId('two-factor-challenge'));
    });
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(api.calls.at(-1)).toMatchObject({
      path: '/auth/two-factor-challenge',
      body: { recovery_code: 'abcdefghij-klmnopqrst' },
    });
  });

  it('shows the team heading on the workspace join login', async () => {
    await renderRoutes(routes, '/workspace/join/login', makeBootstrap());
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe(
      'To join your team on Cadence, login to your account',
    );
    expect(screen.getByRole('link', { name: 'Sign up.' }).getAttribute('href')).toBe(
      '/workspace/join/register',
    );
  });
});
