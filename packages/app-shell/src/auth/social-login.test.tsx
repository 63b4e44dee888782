import { act, cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { makeBootstrap, makeUser } from '../test/fixtures';
import { LoginPage } from './login-page';
import { renderRoutes } from './test-helpers/render-route';

function withGoogle() {
  const data = makeBootstrap();
  data.settings.social.google = { enable: true };
  return data;
}

function post(origin: string, data: unknown) {
  act(() => {
    window.dispatchEvent(new MessageEvent('message', { origin, data }));
  });
}

describe('social login buttons (spec 4, 7)', () => {
  afterEach(() => {
    cleanup();
    vi.restoreAllMocks();
  });

  it('shows only enabled providers and opens the centred popup', async () => {
    const open = vi
      .spyOn(window, 'open')
      .mockReturnValue({ closed: false, close: vi.fn() } as unknown as Window);
    await renderRoutes([{ path: 'login', element: <LoginPage /> }], '/login', withGoogle());
    expect(screen.queryByRole('button', { name: 'Continue with Facebook' })).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Continue with Google' }));
    expect(open).toHaveBeenCalledWith(
      '/secure/auth/social/google/login',
      'social-auth',
      expect.stringContaining('width=650,height=550'),
    );
    // Settle the popup so its listener and poll end with this test.
    post(window.location.origin, {
      type: 'social-auth',
      status: 'ERROR',
      callbackData: { errorMessage: 'closed' },
    });
    expect(await screen.findByText('closed')).toBeTruthy();
  });

  it('ignores another origin, shows the error message, and signs in on SUCCESS', async () => {
    vi.spyOn(window, 'open').mockReturnValue({ closed: false, close: vi.fn() } as unknown as Window);
    const router = await renderRoutes([{ path: 'login', element: <LoginPage /> }], '/login', withGoogle());
    await userEvent.click(screen.getByRole('button', { name: 'Continue with Google' }));
    post('http://evil.test', {
      type: 'social-auth',
      status: 'SUCCESS',
      callbackData: { bootstrapData: makeBootstrap({ user: makeUser() }) },
    });
    expect(router.state.location.pathname).toBe('/login');
    post(window.location.origin, { type: 'social-auth', status: 'ERROR', callbackData: {} });
    expect(await screen.findByText('An error occurred. Please try again later')).toBeTruthy();

    await userEvent.click(screen.getByRole('button', { name: 'Continue with Google' }));
    post(window.location.origin, {
      type: 'social-auth',
      status: 'SUCCESS',
      callbackData: { bootstrapData: makeBootstrap({ user: makeUser() }) },
    });
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
  });
});
