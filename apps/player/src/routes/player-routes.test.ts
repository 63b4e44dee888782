import { createQueryClient } from '@cadence/app-shell/query-client';
import type { LoaderFunctionArgs, RouteObject } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { playerRoutes } from './player-routes';

const fetchMock = vi.fn(() => new Promise<Response>(() => {}));
beforeEach(() => vi.stubGlobal('fetch', fetchMock));
afterEach(() => {
  vi.unstubAllGlobals();
  fetchMock.mockClear();
});

/** Runs the loader of the route at `path` as react-router would, with `params`. */
function load(path: string, params: Record<string, string>) {
  const queryClient = createQueryClient(() => {});
  const route = playerRoutes(queryClient).find((candidate: RouteObject) => candidate.path === path);
  const loader = route?.loader;
  if (typeof loader !== 'function') throw new Error(`no loader on ${path}`);
  const result = loader({ params, request: new Request('http://test/'), context: {} } as LoaderFunctionArgs);
  return { queryClient, result };
}

const fetching = (queryClient: ReturnType<typeof createQueryClient>) =>
  queryClient
    .getQueryCache()
    .getAll()
    .filter((query) => query.state.fetchStatus === 'fetching')
    .map((query) => query.queryKey);

describe('player route loaders', () => {
  it("start the album page's query without waiting for it", () => {
    const { queryClient, result } = load('album/:albumId/:artistName/:albumName', {
      albumId: '8',
      artistName: 'neon-atlas',
      albumName: 'signal',
    });
    expect(result).toBeNull();
    expect(fetching(queryClient)).toEqual([['albums', 8]]);
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it("start the search page's All tab, and nothing for a named tab or a bad id", () => {
    expect(fetching(load('search/:searchQuery', { searchQuery: ' signal ' }).queryClient)).toEqual([
      ['search', 'signal', '', 10],
    ]);
    expect(
      fetching(
        load('search/:searchQuery/:tabName', { searchQuery: 'signal', tabName: 'albums' }).queryClient,
      ),
    ).toEqual([]);
    expect(fetching(load('artist/:artistId', { artistId: 'abc' }).queryClient)).toEqual([]);
  });

  it("start a channel's first page", () => {
    const { queryClient } = load(':slugOrId', { slugOrId: 'discover' });
    expect(fetching(queryClient)).toEqual([['channel', 'discover', { restriction: undefined }, 'pages']]);
  });
});
