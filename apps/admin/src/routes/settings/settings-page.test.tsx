import { setBootstrapData } from '@cadence/app-shell/bootstrap-store';
import { createAppMemoryRouter } from '@cadence/app-shell/create-app-router';
import { createQueryClient } from '@cadence/app-shell/query-client';
import { QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { RouterProvider } from 'react-router/dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { routes } from '../../router';
import { bootstrapFixture, userFixture } from '../../test/bootstrap-fixture';

const grant = (...names: string[]) => names.map((name) => ({ name, restrictions: [] }));

const settings = {
  server: {
    mail_driver: 'smtp',
    mail_host: 'smtp.example.com',
    mail_port: 2525,
    mail_username: 'mailer',
    mail_password: '********',
    mail_encryption: '',
    mail_from_address: '',
    mail_from_name: '',
  },
  client: { mail: { contact_page_address: '' } },
  env: {
    mail_driver: { variable: 'MAIL_DRIVER', is_locked: false },
    mail_host: { variable: 'MAIL_HOST', is_locked: true },
    mail_port: { variable: 'MAIL_PORT', is_locked: false },
    mail_username: { variable: 'MAIL_USERNAME', is_locked: false },
    mail_password: { variable: 'MAIL_PASSWORD', is_locked: false },
    mail_encryption: { variable: 'MAIL_ENCRYPTION', is_locked: false },
    mail_from_address: { variable: 'MAIL_FROM_ADDRESS', is_locked: false },
    mail_from_name: { variable: 'MAIL_FROM_NAME', is_locked: false },
  },
  mail: { is_setup: true, is_url_override: false },
};

const posted: unknown[] = [];

beforeEach(() => {
  posted.length = 0;
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: Request) => {
      const url = new URL(input.url);
      if (url.pathname === '/api/v1/settings' && input.method === 'POST') {
        const body = await input.json();
        posted.push(body);
        if (body.client['recaptcha.secret_key'] === 'wrong-secret') {
          return new Response(
            JSON.stringify({
              message: 'Could not persist settings.',
              errors: {
                'recaptcha.secret_key': 'reCAPTCHA refused this secret key.',
                recaptcha_group: 'reCAPTCHA refused this secret key.',
              },
            }),
            { status: 422, headers: { 'content-type': 'application/json' } },
          );
        }
        if (body.server?.mail_port === 1) {
          return new Response(
            JSON.stringify({
              message: 'Could not persist settings.',
              errors: { mail_port: 'Could not connect.', mail_group: 'Could not connect.' },
            }),
            { status: 422, headers: { 'content-type': 'application/json' } },
          );
        }
        return Response.json({ message: 'Settings saved.', changed: ['mail_port'] });
      }
      if (url.pathname === '/api/v1/settings') return Response.json(settings);
      return Response.json({ message: 'Not found' }, { status: 404 });
    }),
  );
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

/** The text of the elements that describe a field (its help and its error). */
function describedBy(element: HTMLElement): string {
  return (element.getAttribute('aria-describedby') ?? '')
    .split(' ')
    .map((id) => document.getElementById(id)?.textContent ?? '')
    .join(' ');
}

async function renderSettings(entry: string, permissions = ['admin.access', 'settings.update']) {
  setBootstrapData({ ...bootstrapFixture(), user: { ...userFixture(), permissions: grant(...permissions) } });
  const router = createAppMemoryRouter({
    routes,
    basename: '/admin',
    initialEntries: [entry],
    hasOfflineRedirects: false,
  });
  await act(async () => {
    render(
      <QueryClientProvider client={createQueryClient()}>
        <RouterProvider router={router} />
      </QueryClientProvider>,
    );
  });
  return router;
}

describe('/admin/settings', () => {
  it('shows the sixteen tabs and an env-locked setting read-only with its variable', async () => {
    await renderSettings('/admin/settings/outgoing-email');
    const nav = await screen.findByRole('navigation', { name: 'Settings sections' });
    // Subscriptions shows only where billing is integrated (not in this fixture): the other fifteen.
    expect(nav.querySelectorAll('a')).toHaveLength(15);
    const host = (await screen.findByRole('textbox', { name: 'SMTP host' })) as HTMLInputElement;
    expect(host.value).toBe('smtp.example.com');
    expect(host.disabled).toBe(true);
    expect(screen.getByText(/Set with the MAIL_HOST environment variable\./)).toBeTruthy();
    expect((screen.getByLabelText('SMTP password') as HTMLInputElement).type).toBe('password');
  });

  it('sends the tab’s editable settings (secret unchanged as its mask) and puts a server error on its field', async () => {
    await renderSettings('/admin/settings/outgoing-email');
    const port = (await screen.findByRole('spinbutton', { name: 'SMTP port' })) as HTMLInputElement;
    await act(async () => fireEvent.change(port, { target: { value: '1' } }));
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Save' })));
    // The group's message at the top of the tab, the field's own on the port.
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Could not connect.');
    expect(port.getAttribute('aria-invalid')).toBe('true');
    expect(describedBy(port)).toContain('Could not connect.');
    const body = posted[0] as { server: Record<string, unknown>; client: Record<string, unknown> };
    expect(body.server).toMatchObject({ mail_port: 1, mail_password: '********', mail_driver: 'smtp' });
    expect(body.server).not.toHaveProperty('mail_host');
    expect(body.client).toEqual({ 'mail.contact_page_address': '' });
  });

  it('puts a refused credential on its own field and the group’s message at the top of the tab', async () => {
    await renderSettings('/admin/settings/recaptcha');
    const siteKey = await screen.findByRole('textbox', { name: 'Site key' });
    await act(async () => fireEvent.change(siteKey, { target: { value: 'site-key' } }));
    const secret = screen.getByLabelText('Secret key') as HTMLInputElement;
    await act(async () => fireEvent.change(secret, { target: { value: 'wrong-secret' } }));
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Save' })));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Could not persist settings.');
    expect(alert.textContent).toContain('reCAPTCHA refused this secret key.');
    expect(secret.getAttribute('aria-invalid')).toBe('true');
    expect(describedBy(secret)).toContain('reCAPTCHA refused this secret key.');
    expect(siteKey.getAttribute('aria-invalid')).toBeNull();
    expect(document.activeElement).toBe(secret);
  });

  it('is the 404 page without settings.update', async () => {
    await renderSettings('/admin/settings', ['admin.access']);
    expect(await screen.findByTestId('not-found-page')).toBeTruthy();
  });
});
