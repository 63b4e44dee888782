import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { createMemoryRouter } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import { expect, within } from 'storybook/test';
import { getBootstrapData, setBootstrapData } from './bootstrap-store';
import { ShellLayout } from './shell-layout';

/** A page of the app inside the shell's root route. */
function Page() {
  return (
    <main className="p-6">
      <h1 className="text-2xl font-semibold">Library</h1>
      <p className="text-muted">A page of the app, rendered in the shell's outlet.</p>
    </main>
  );
}

/** The shell as the root route of a memory router, with one page below it. */
function Shell({ hasOfflineRedirects = false }: { hasOfflineRedirects?: boolean }) {
  const [router] = useState(() =>
    createMemoryRouter(
      [
        {
          path: '/',
          element: <ShellLayout hasOfflineRedirects={hasOfflineRedirects} />,
          children: [{ index: true, element: <Page /> }],
        },
      ],
      { initialEntries: ['/'] },
    ),
  );
  return <RouterProvider router={router} />;
}

/** The signed-in user in another state for one story (restored after it). */
function userWith(patch: Record<string, unknown>) {
  return () => {
    const before = getBootstrapData();
    if (before.user) setBootstrapData({ ...before, user: { ...before.user, ...patch } });
    return () => setBootstrapData(before);
  };
}

/**
 * Every app's root route: the gate (suspended account, unverified email) around the pages, the
 * navigation progress bar and route spinner, the cookie notice, and the toast and dialog hosts.
 */
const meta = {
  title: 'ShellLayout',
  component: Shell,
} satisfies Meta<typeof Shell>;

export default meta;
type Story = StoryObj<typeof meta>;

/** The page renders in the outlet. */
export const Default: Story = {
  play: async ({ canvasElement }) => {
    expect(await within(canvasElement).findByRole('heading', { name: 'Library' })).toBeTruthy();
  },
};

/** A suspended account sees the gate screen instead of any page (spec 2.2). */
export const Suspended: Story = {
  beforeEach: userWith({ banned_at: '2026-10-01T12:00:00.000Z' }),
  play: async ({ canvasElement }) => {
    expect(await within(canvasElement).findByText('Your account is suspended')).toBeTruthy();
    expect(within(canvasElement).queryByRole('heading', { name: 'Library' })).toBeNull();
  },
};

/** Email confirmation required and not done: the verify-email gate (the shell's own screen). */
export const VerifyEmail: Story = {
  beforeEach: () => {
    const before = getBootstrapData();
    if (before.user) {
      setBootstrapData({
        ...before,
        settings: { ...before.settings, require_email_confirmation: true },
        user: { ...before.user, email_verified_at: null },
      });
    }
    return () => setBootstrapData(before);
  },
  play: async ({ canvasElement }) => {
    expect(await within(canvasElement).findByText('Verify your email')).toBeTruthy();
  },
};

export const Mobile: Story = { globals: { viewport: { value: 'mobile' } } };
