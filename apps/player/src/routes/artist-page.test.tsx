import { setBootstrapData } from '@cadence/app-shell/bootstrap-store';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen } from '@testing-library/react';
import { createMemoryRouter } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import { afterEach, describe, expect, it } from 'vitest';
import { artistQuery, similarArtistsQuery } from '../features/catalogue/catalogue-queries';
import { bootstrapFixture } from '../test/bootstrap-fixture';
import { ArtistPage } from './artist-page';

const artist = {
  id: 5,
  name: 'Neon Harbor',
  image_small: null,
  image_large: null,
  verified: false,
  plays: 10,
  description: `Neon Harbor make night music. ${'They tour a lot. '.repeat(30)}`,
  genres: [],
  albums: [{ id: 8, name: 'Tidal Lights', image: null, release_date: '2024-02-01', record_type: 'album' }],
  top_tracks: [
    {
      id: 9,
      name: 'Low Tide',
      duration: 1000,
      plays: 3,
      image: null,
      artists: [{ id: 5, name: 'Neon Harbor' }],
    },
  ],
};

function renderArtist(settings: Record<string, unknown>) {
  const base = bootstrapFixture();
  setBootstrapData({ ...base, settings: { ...base.settings, ...settings } });
  const client = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity } } });
  client.setQueryData(artistQuery(5).queryKey, { artist } as never);
  client.setQueryData(similarArtistsQuery(5).queryKey, {
    artists: [{ id: 6, name: 'Glass Pier', image_small: null }],
  } as never);
  const router = createMemoryRouter([{ path: '/artist/:artistId', element: <ArtistPage /> }], {
    initialEntries: ['/artist/5'],
  });
  render(
    <QueryClientProvider client={client}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
}

const headings = () => screen.getAllByRole('heading', { level: 2 }).map((heading) => heading.textContent);

describe('ArtistPage settings', () => {
  afterEach(cleanup);

  it('shows discography, similar artists and about by default, albums as a list, radio, no short bio', () => {
    renderArtist({});
    expect(headings()).toEqual(['Popular tracks', 'Albums', 'Similar artists', 'About']);
    expect(screen.getByTestId('artist-albums').dataset.layout).toBe('list');
    expect(screen.getByRole('link', { name: 'Artist radio' })).toBeTruthy();
    expect(screen.queryByTestId('artist-short-bio')).toBeNull();
  });

  it('follows the artist page tabs, album layout, short biography and radio button settings', () => {
    renderArtist({
      player: { default_artist_view: 'grid', hide_radio_button: true },
      artist_page: {
        show_description: true,
        tabs: [
          { id: 6, active: true },
          { id: 3, active: true },
          { id: 5, active: true },
          { id: 1, active: false },
          { id: 2, active: false },
        ],
      },
    });
    expect(headings()).toEqual(['Followers', 'About', 'Albums']);
    expect(screen.getByTestId('artist-albums').dataset.layout).toBe('grid');
    expect(screen.queryByRole('link', { name: 'Artist radio' })).toBeNull();
    const bio = screen.getByTestId('artist-short-bio').textContent ?? '';
    expect(bio.startsWith('Neon Harbor make night music.')).toBe(true);
    expect(bio.length).toBeLessThanOrEqual(201);
  });
});
