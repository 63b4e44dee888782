import { QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { RouterProvider } from 'react-router/dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { setBootstrapData } from '../bootstrap-store';
import { createAppMemoryRouter } from '../create-app-router';
import { createQueryClient } from '../query-client';
import { makeBootstrap, makeUser } from '../test/fixtures';
import { fakeApi } from './test-helpers/fake-api';
import { VerifyEmailGate } from './verify-email-gate';

async function renderGate(email: string, reload = vi.fn()) {
  const data = makeBootstrap({ user: makeUser({ email, email_verified_at: null }) });
  data.settings.require_email_confirmation = true;
  setBootstrapData(data);
  const router = createAppMemoryRouter({
    routes: [{ index: true, element: <p>home</p> }],
    verifyEmailGate: <VerifyEmailGate reload={reload} />,
    hasOfflineRedirects: false,
  });
  await act(async () => {
    render(
      <QueryClientProvider client={createQueryClient()}>
        <RouterProvider router={router} />
      </QueryClientProvider>,
    );
  });
  return reload;
}

describe('verify email gate (spec 2.2)', () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('replaces every route with the code form and the masked address', async () => {
    await renderGate('ada@example.com');
    expect(screen.queryByText('home')).toBeNull();
    expect(screen.getByRole('heading', { name: 'Verify your email' })).toBeTruthy();
    expect(screen.getByText('Enter the verification code we sent to ad****@example.com')).toBeTruthy();
    const code = screen.getByLabelText(/^Code/);
    expect(code.getAttribute('placeholder')).toBe('Enter your verification code');
    expect(code.getAttribute('inputmode')).toBe('numeric');
    expect(code.getAttribute('maxlength')).toBe('6');
    expect(code.getAttribute('autocomplete')).toBe('one-time-code');
    expect(code.hasAttribute('required')).toBe(true);
    expect(screen.getByRole('button', { name: 'Logout' })).toBeTruthy();
  });

  it('disables Next while submitting and reloads the page on a valid code', async () => {
    let release: () => void = () => {};
    const pending = new Promise<void>((resolve) => {
      release = resolve;
    });
    const api = fakeApi({
      'POST /api/v1/validate-email-verification-otp': async () => {
        await pending;
        return { body: { message: 'ok' } };
      },
    });
    const reload = await renderGate('ada@example.com');
    await userEvent.type(screen.getByLabelText(/^Code/), '123456');
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Next' }).hasAttribute('disabled')).toBe(true),
    );
    release();
    await waitFor(() => expect(reload).toHaveBeenCalled());
    expect(api.calls[0]?.body).toEqual({ code: '123456' });
  });

  it('puts a server error on the code field and focuses it', async () => {
    fakeApi({
      'POST /api/v1/validate-email-verification-otp': {
        status: 422,
        body: { message: 'x', errors: { code: 'The code is invalid.' } },
      },
    });
    const reload = await renderGate('ada@example.com');
    await userEvent.type(screen.getByLabelText(/^Code/), '654321');
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('The code is invalid.')).toBeTruthy();
    expect(document.activeElement).toBe(screen.getByLabelText(/^Code/));
    expect(reload).not.toHaveBeenCalled();
  });

  it('rejects non-numeric codes before sending', async () => {
    const api = fakeApi({});
    await renderGate('ada@example.com');
    await userEvent.type(screen.getByLabelText(/^Code/), '12ab');
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(screen.getByText('Only numbers are allowed.')).toBeTruthy();
    expect(api.calls).toHaveLength(0);
  });

  it('resends: toast "Email sent"; a failure shows the generic toast', async () => {
    const api = fakeApi({ 'POST /api/v1/resend-email-verification': { body: { message: 'sent' } } });
    await renderGate('ada@example.com');
    await userEvent.click(screen.getByRole('button', { name: 'request a resend' }));
    expect(await screen.findByText('Email sent')).toBeTruthy();
    expect(api.calls[0]?.body).toEqual({ email: 'ada@example.com' });
    cleanup();
    fakeApi({ 'POST /api/v1/resend-email-verification': { status: 500, body: { message: 'boom' } } });
    await renderGate('ada@example.com');
    await userEvent.click(screen.getByRole('button', { name: 'request a resend' }));
    expect(await screen.findByText('There was an issue. Please try again.')).toBeTruthy();
  });

  it('disables the resend link when the address is unknown', async () => {
    await renderGate('');
    expect(screen.getByText('Enter the verification code we sent to ********')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'request a resend' }).hasAttribute('disabled')).toBe(true);
  });
});
