import { setBootstrapData } from '@cadence/app-shell/bootstrap-store';
import { createQueryClient } from '@cadence/app-shell/query-client';
import { QueryClientProvider } from '@tanstack/react-query';
import { type RenderResult, render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { createMemoryRouter } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import { bootstrapFixture } from '../test/bootstrap-fixture';
import { setPlayer } from './playback/player-instance';
import { createPlayerStore, type TPlayerStore } from './playback/player-store';
import type { TPlayerTrack } from './playback/player-track';

export const testTrack = (id: number): TPlayerTrack => ({
  id,
  name: `Song ${id}`,
  image: null,
  duration: 120_000,
  artists: [{ id: 100 + id, name: `Artist ${id}` }],
  album: { id: 200 + id, name: `Album ${id}` },
});

/** Renders inside a router and query client, with a fresh player store that remembers nothing. */
export function renderWithPlayer(element: ReactNode): RenderResult & { store: TPlayerStore } {
  setBootstrapData(bootstrapFixture());
  const store = createPlayerStore({ storage: null, defaultRepeat: 'off' });
  setPlayer(store);
  const router = createMemoryRouter([{ path: '*', element }]);
  const result = render(
    <QueryClientProvider client={createQueryClient(() => {})}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return { store, ...result };
}
