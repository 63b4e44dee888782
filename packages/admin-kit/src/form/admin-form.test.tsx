import { apiClient } from '@cadence/http-client/http-client';
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Link } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { renderRoutes, stubApi } from '../test/render';
import { AdminForm, SubmitButton } from './admin-form';
import { FormCheckbox, FormTextField } from './form-fields';
import { useAdminForm } from './use-admin-form';

const schema = z.object({
  name: z.string().min(1, 'The name is required.'),
  email: z.email('Enter a valid email.'),
  admin: z.boolean(),
});

function EditPage() {
  const adminForm = useAdminForm({
    schema,
    defaultValues: { name: 'Ann', email: 'ann@example.com', admin: false },
    submit: (values) => apiClient.put('things/1', values),
    successMessage: 'Saved',
  });
  return (
    <>
      <Link to="/elsewhere">Elsewhere</Link>
      <AdminForm adminForm={adminForm}>
        <FormTextField<z.input<typeof schema>> name="name" label="Name" />
        <FormTextField<z.input<typeof schema>> name="email" label="Email" type="email" />
        <FormCheckbox<z.input<typeof schema>> name="admin" label="Admin" />
        <SubmitButton />
      </AdminForm>
    </>
  );
}
const routes = [
  { path: 'edit', element: <EditPage /> },
  { path: 'elsewhere', element: <p>Other page</p> },
];

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('admin forms', () => {
  it('validates with the schema before sending anything', async () => {
    const calls = stubApi(() => ({ body: {} }));
    await renderRoutes(routes, '/edit');
    fireEvent.change(screen.getByLabelText('Name'), { target: { value: '' } });
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Save' })));
    expect(await screen.findByText('The name is required.')).toBeTruthy();
    expect(document.activeElement).toBe(screen.getByLabelText('Name'));
    expect(calls).toHaveLength(0);
  });

  it("shows the server's 422 errors on their fields and focuses the first", async () => {
    const calls = stubApi(() => ({
      status: 422,
      body: {
        message: 'The given data was invalid.',
        errors: { email: ['This email is taken.'], name: 'Too plain.' },
      },
    }));
    await renderRoutes(routes, '/edit');
    fireEvent.change(screen.getByLabelText('Email'), { target: { value: 'bob@example.com' } });
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Save' })));
    expect(await screen.findByText('This email is taken.')).toBeTruthy();
    expect(screen.getByText('Too plain.')).toBeTruthy();
    expect(document.activeElement).toBe(screen.getByLabelText('Email'));
    expect(calls[0]?.body).toEqual({ name: 'Ann', email: 'bob@example.com', admin: false });
  });

  it('asks before leaving with unsaved changes, and not after saving', async () => {
    stubApi(() => ({ body: { ok: true } }));
    const router = await renderRoutes(routes, '/edit');
    // Untouched: leaving is free.
    fireEvent.click(screen.getByLabelText('Admin'));
    await act(async () => fireEvent.click(screen.getByRole('link', { name: 'Elsewhere' })));
    const dialog = await screen.findByRole('alertdialog');
    expect(dialog.textContent).toContain('Leave without saving?');
    await act(async () => fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' })));
    expect(router.state.location.pathname).toBe('/edit');

    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Save' })));
    expect(await screen.findByText('Saved')).toBeTruthy();
    await act(async () => fireEvent.click(screen.getByRole('link', { name: 'Elsewhere' })));
    await waitFor(() => expect(router.state.location.pathname).toBe('/elsewhere'));
    expect(screen.queryByRole('alertdialog')).toBeNull();
  });
});
