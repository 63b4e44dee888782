import { setBootstrapData } from '@cadence/app-shell/bootstrap-store';
import { createQueryClient } from '@cadence/app-shell/query-client';
import type { TUser } from '@cadence/contracts/user';
import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen } from '@testing-library/react';
import { createMemoryRouter } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import { afterEach, describe, expect, it } from 'vitest';
import { bootstrapFixture, userFixture } from '../test/bootstrap-fixture';
import { Sidebar } from './sidebar';

function renderSidebar(player: Record<string, boolean>, user: TUser | null) {
  const base = bootstrapFixture();
  setBootstrapData({ ...base, user, settings: { ...base.settings, player } });
  render(
    <QueryClientProvider client={createQueryClient(() => {})}>
      <RouterProvider router={createMemoryRouter([{ path: '*', element: <Sidebar /> }])} />
    </QueryClientProvider>,
  );
}

const artist = () => userFixture({ permissions: [{ name: 'music.create', restrictions: [] }] });

describe('Sidebar artist links', () => {
  afterEach(cleanup);

  it('offers "Become an artist" to a signed-in listener when the admin turns it on', () => {
    renderSidebar({ show_become_artist_button: true }, userFixture());
    const link = screen.getByRole('link', { name: 'Become an artist' });
    expect(link.getAttribute('href')).toBe('/become-artist');
  });

  it('hides "Become an artist" when the setting is off, from guests and from artists', () => {
    renderSidebar({ show_become_artist_button: false }, userFixture());
    expect(screen.queryByRole('link', { name: 'Become an artist' })).toBeNull();
    cleanup();
    renderSidebar({ show_become_artist_button: true }, null);
    expect(screen.queryByRole('link', { name: 'Become an artist' })).toBeNull();
    cleanup();
    renderSidebar({ show_become_artist_button: true }, artist());
    expect(screen.queryByRole('link', { name: 'Become an artist' })).toBeNull();
  });

  it('shows the upload button to users allowed to upload only when the admin turns it on', () => {
    renderSidebar({ show_upload_button: true }, artist());
    expect(screen.getByRole('link', { name: 'Upload' }).getAttribute('href')).toBe('/backstage/upload');
    cleanup();
    renderSidebar({ show_upload_button: false }, artist());
    expect(screen.queryByRole('link', { name: 'Upload' })).toBeNull();
    cleanup();
    renderSidebar({ show_upload_button: true }, userFixture());
    expect(screen.queryByRole('link', { name: 'Upload' })).toBeNull();
  });
});
