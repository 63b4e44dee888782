import type { TAccountUser } from '@cadence/contracts/account';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeApi } from '../auth/test-helpers/fake-api';
import { renderRoutes } from '../auth/test-helpers/render-route';
import { closeAllDialogs } from '../modal-store';
import { accessLoader } from '../require-access';
import { makeBootstrap, makeUser } from '../test/fixtures';
import { AccountSettingsPage } from './account-settings-page';
import { forgetConfirmedPassword } from './password-confirmation';

const routes = [
  {
    path: 'account-settings',
    loader: accessLoader({ requireLogin: true }),
    element: <AccountSettingsPage />,
  },
  { path: 'login', element: <p>login page</p> },
];

function accountUser(overrides: Partial<TAccountUser> = {}): TAccountUser {
  return { ...makeUser(), tokens: [], two_factor_status: 'disabled', has_password: true, ...overrides };
}

const sessions = [
  {
    id: 'a',
    device_type: 'desktop',
    platform: 'Linux',
    browser: 'Chrome',
    city: 'Vilnius',
    country: 'LT',
    ip_address: '10.0.0.1',
    token: null,
    last_active: new Date().toISOString(),
    is_current_device: true,
  },
  {
    id: 'b',
    device_type: 'mobile',
    platform: 'iOS',
    browser: null,
    city: null,
    country: null,
    ip_address: null,
    token: 'ci',
    last_active: new Date(Date.now() - 3 * 3600_000).toISOString(),
    is_current_device: false,
  },
];

function api(user: TAccountUser, extra: Parameters<typeof fakeApi>[0] = {}) {
  return fakeApi({
    'GET /api/v1/users/me': { body: { user } },
    'GET /api/v1/user-sessions': { body: { sessions } },
    'GET /api/v1/value-lists/timezones,countries,localizations': {
      body: {
        timezones: { Europe: [{ value: 'Europe/Vilnius', text: 'Vilnius' }] },
        countries: [{ code: 'LT', name: 'Lithuania' }],
        localizations: [{ language: 'en', name: 'English' }],
      },
    },
    ...extra,
  });
}

function withApiAccess(isIntegrated: boolean) {
  const data = makeBootstrap({ user: makeUser({ permissions: [{ name: 'api.access', restrictions: [] }] }) });
  data.settings.api = { integrated: isIntegrated };
  return data;
}

describe('account settings (spec 2.6)', () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
    forgetConfirmedPassword();
    closeAllDialogs();
  });

  it('needs login', async () => {
    await renderRoutes(routes, '/account-settings', makeBootstrap());
    expect(await screen.findByText('login page')).toBeTruthy();
  });

  it('shows the panels with a side navigation; tokens only with the API integrated', async () => {
    api(accountUser());
    await renderRoutes(routes, '/account-settings', withApiAccess(false));
    await screen.findByTestId('account-settings');
    const nav = screen.getByRole('navigation', { name: 'Account settings' });
    expect(
      within(nav)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual([
      'Account details',
      'Password',
      'Two factor authentication',
      'Active sessions',
      'Location and language',
      'Delete account',
    ]);
    expect(screen.queryByTestId('panel-developers')).toBeNull();
    cleanup();
    api(accountUser());
    await renderRoutes(routes, '/account-settings', withApiAccess(true));
    expect(await screen.findByTestId('panel-developers')).toBeTruthy();
    expect(screen.getByTestId('tokens-empty').textContent).toBe(
      'You have not created any personal access tokens yet.',
    );
    expect(screen.getByRole('link', { name: 'Documentation' }).getAttribute('target')).toBe('_blank');
    expect(screen.getByRole('link', { name: 'Documentation' }).className).toMatch(/(^| )underline( |$)/);
  });

  it('lists sessions with "This device", "API Token" and the scroll limit', async () => {
    api(accountUser());
    await renderRoutes(routes, '/account-settings', withApiAccess(false));
    const list = await screen.findByTestId('session-list');
    expect(list.className).toContain('max-h-[400px]');
    const [current, other] = within(list).getAllByTestId('session-item');
    expect(current?.textContent).toContain('Linux - Chrome');
    expect(current?.textContent).toContain('Vilnius, LT');
    expect(current?.textContent).toContain('10.0.0.1');
    expect(current?.textContent).toContain('This device');
    expect(other?.textContent).toContain('API Token');
    expect(other?.textContent).toContain('3 hours ago');
  });

  it('saves account details with the toast', async () => {
    const calls = api(accountUser(), {
      'PUT /api/v1/users/7': { body: { user: makeUser({ name: 'Ada King' }) } },
    }).calls;
    await renderRoutes(routes, '/account-settings', withApiAccess(false));
    const panel = await screen.findByTestId('panel-account-details');
    const name = within(panel).getByLabelText('Name');
    await userEvent.clear(name);
    await userEvent.type(name, 'Ada King');
    await userEvent.click(within(panel).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Updated account details')).toBeTruthy();
    expect(calls.find((call) => call.method === 'PUT')?.body).toMatchObject({ name: 'Ada King' });
  });

  it('walks the two factor steps behind a password confirmation', async () => {
    const { calls } = api(accountUser(), {
      'GET /auth/user/confirmed-password-status': { body: { confirmed: false } },
      'POST /auth/user/confirm-password': { body: {} },
      'POST /auth/user/two-factor-authentication': { body: { recovery_codes: ['aaaaaaaaaa-bbbbbbbbbb'] } },
      'GET /auth/user/two-factor/qr-code': {
        body: { svg: '<svg data-testid="qr"></svg>', secret: 'JBSWY3DPEHPK3PXP' },
      },
      'POST /auth/user/confirmed-two-factor-authentication': { body: {} },
    });
    await renderRoutes(routes, '/account-settings', withApiAccess(false));
    const panel = await screen.findByTestId('panel-two-factor');
    expect(within(panel).getByTestId('two-factor-step-disabled')).toBeTruthy();
    await userEvent.click(within(panel).getByRole('button', { name: 'Enable' }));

    const dialog = await screen.findByRole('dialog', { name: 'Confirm password' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    expect(within(dialog).getByText('This field is required.')).toBeTruthy();
    await userEvent.type(within(dialog).getByLabelText(/Password/), 'secret-pass');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Confirm' }));

    expect(await within(panel).findByTestId('two-factor-step-finishing')).toBeTruthy();
    expect((await within(panel).findByTestId('two-factor-secret')).textContent).toBe('JBSWY3DPEHPK3PXP');
    await userEvent.type(within(panel).getByLabelText(/^Code/), '12345');
    await userEvent.click(within(panel).getByRole('button', { name: 'Confirm' }));
    expect(within(panel).getByText('Must be exactly 6 characters.')).toBeTruthy();
    await userEvent.type(within(panel).getByLabelText(/^Code/), '6');
    await userEvent.click(within(panel).getByRole('button', { name: 'Confirm' }));

    expect(await within(panel).findByTestId('two-factor-step-enabled')).toBeTruthy();
    expect(within(panel).getByTestId('recovery-codes').textContent).toBe('aaaaaaaaaa-bbbbbbbbbb');
    expect(calls.find((call) => call.path === '/auth/user/confirm-password')?.body).toEqual({
      password: 'secret-pass',
    });
    expect(
      calls.find((call) => call.path === '/auth/user/confirmed-two-factor-authentication')?.body,
    ).toEqual({
      code: '123456',
    });
  });

  it('starts in the enabled step when confirmed, and disables with the toast', async () => {
    api(accountUser({ two_factor_confirmed_at: '2026-01-01T00:00:00Z', two_factor_status: 'enabled' }), {
      'GET /auth/user/confirmed-password-status': { body: { confirmed: true } },
      'DELETE /auth/user/two-factor-authentication': { body: {} },
    });
    await renderRoutes(routes, '/account-settings', withApiAccess(false));
    const panel = await screen.findByTestId('panel-two-factor');
    expect(within(panel).getByTestId('two-factor-step-enabled')).toBeTruthy();
    await userEvent.click(within(panel).getByRole('button', { name: 'Disable' }));
    expect(await screen.findByText('Two factor authentication has been disabled.')).toBeTruthy();
    expect(within(panel).getByTestId('two-factor-step-disabled')).toBeTruthy();
  });

  it('starts in the finishing step when only recovery codes exist', async () => {
    api(accountUser({ two_factor_status: 'finishing' }), {
      'GET /auth/user/two-factor/qr-code': { body: { svg: '<svg></svg>', secret: 'ABC' } },
    });
    await renderRoutes(routes, '/account-settings', withApiAccess(false));
    const panel = await screen.findByTestId('panel-two-factor');
    expect(within(panel).getByTestId('two-factor-step-finishing')).toBeTruthy();
  });

  it('changes the password, revoking the API tokens unless the box is unticked', async () => {
    const { calls } = api(accountUser(), { 'PUT /auth/user/password': { body: { user: accountUser() } } });
    await renderRoutes(routes, '/account-settings', withApiAccess(false));
    const panel = await screen.findByTestId('panel-password');
    const revoke = within(panel).getByRole('checkbox', { name: 'Also revoke my API access tokens' });
    expect((revoke as HTMLInputElement).checked).toBe(true);
    const fill = async () => {
      await userEvent.type(within(panel).getByLabelText(/Current password/), 'old-pass');
      await userEvent.type(within(panel).getByLabelText(/New password/), 'brand-new-pass');
      await userEvent.type(within(panel).getByLabelText(/Confirm password/), 'brand-new-pass');
      await userEvent.click(within(panel).getByRole('button', { name: 'Update password' }));
    };
    const changes = () => calls.filter((call) => call.path === '/auth/user/password');
    await fill();
    await waitFor(() => expect(changes()).toHaveLength(1));
    expect(changes()[0]?.body).toEqual({
      current_password: 'old-pass',
      password: 'brand-new-pass',
      password_confirmation: 'brand-new-pass',
      revoke_tokens: true,
    });
    await userEvent.click(revoke);
    await fill();
    await waitFor(() => expect(changes()).toHaveLength(2));
    expect(changes()[1]?.body).toMatchObject({ revoke_tokens: false });
  });

  it('logs out other sessions with the password', async () => {
    const { calls } = api(accountUser(), {
      'POST /auth/user/confirm-password': { body: {} },
      'POST /api/v1/user-sessions/logout-other': { body: {} },
    });
    await renderRoutes(routes, '/account-settings', withApiAccess(false));
    await userEvent.click(await screen.findByRole('button', { name: 'Log out other sessions' }));
    const dialog = await screen.findByRole('dialog', { name: 'Confirm password' });
    await userEvent.type(within(dialog).getByLabelText(/Password/), 'secret-pass');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByText('Logged out other sessions.')).toBeTruthy();
    expect(calls.find((call) => call.path === '/api/v1/user-sessions/logout-other')?.body).toEqual({
      password: 'secret-pass',
    });
  });

  it('creates a token, shows it once, and deletes one after confirmation', async () => {
    const token = { id: 5, name: 'ci', last_used_at: null, created_at: '2026-01-01T00:00:00Z' };
    api(accountUser({ tokens: [token] }), {
      'POST /api/v1/access-tokens': {
        body: { token: { ...token, id: 6, name: 'deploy' }, plainTextToken: '6|plain' },
      },
      'DELETE /api/v1/access-tokens/5': { body: {} },
    });
    await renderRoutes(routes, '/account-settings', withApiAccess(true));
    const panel = await screen.findByTestId('panel-developers');
    expect(within(panel).getByText(/Never/)).toBeTruthy();
    await userEvent.click(within(panel).getByRole('button', { name: 'Create token' }));
    const dialog = await screen.findByRole('dialog');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create' }));
    expect(within(dialog).getByText('This field is required.')).toBeTruthy();
    await userEvent.type(within(dialog).getByLabelText(/Token name/), 'deploy');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create' }));
    expect(((await within(dialog).findByTestId('plain-text-token')) as HTMLInputElement).value).toBe(
      '6|plain',
    );
    expect(screen.getByText('Token create')).toBeTruthy();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Done' }));

    await userEvent.click(within(panel).getByRole('button', { name: 'Delete' }));
    const confirm = await screen.findByRole('alertdialog');
    await userEvent.click(within(confirm).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(screen.getByText('Token deleted')).toBeTruthy());
  });
});
