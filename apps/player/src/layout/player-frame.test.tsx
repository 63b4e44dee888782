import { setBootstrapData } from '@cadence/app-shell/bootstrap-store';
import { createQueryClient } from '@cadence/app-shell/query-client';
import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen } from '@testing-library/react';
import { createMemoryRouter } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { bootstrapFixture } from '../test/bootstrap-fixture';
import { PlayerFrame } from './player-frame';

vi.mock('./player-layout', () => ({ PlayerLayout: () => <p>player layout</p> }));

beforeEach(() =>
  vi.stubGlobal(
    'fetch',
    vi.fn(() => new Promise<Response>(() => {})),
  ),
);
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function renderAt(path: string, type: string) {
  const data = bootstrapFixture();
  setBootstrapData({ ...data, settings: { ...data.settings, homepage: { type, value: null } } });
  const router = createMemoryRouter([{ path: '/', element: <PlayerFrame />, children: [{ path: '*' }] }], {
    initialEntries: [path],
  });
  render(
    <QueryClientProvider client={createQueryClient(() => {})}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
}

describe('the homepage setting at `/` (spec 2.4)', () => {
  it('shows a guest the landing, login or registration page it names, in their own frame', async () => {
    renderAt('/', 'landingPage');
    expect(await screen.findByTestId('landing-page')).toBeTruthy();
    cleanup();
    renderAt('/', 'loginPage');
    expect(await screen.findByTestId('login-form')).toBeTruthy();
    expect(screen.queryByText('player layout')).toBeNull();
    cleanup();
    renderAt('/', 'registerPage');
    expect(await screen.findByRole('heading', { name: 'Create a new account' })).toBeTruthy();
  });

  it('keeps the player frame for a home channel and for every other page', async () => {
    renderAt('/', 'channel');
    expect(await screen.findByText('player layout')).toBeTruthy();
    cleanup();
    renderAt('/discover', 'loginPage');
    expect(await screen.findByText('player layout')).toBeTruthy();
  });
});
