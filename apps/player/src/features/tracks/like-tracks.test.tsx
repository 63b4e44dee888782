import { setBootstrapData } from '@cadence/app-shell/bootstrap-store';
import { createQueryClient } from '@cadence/app-shell/query-client';
import { QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, render } from '@testing-library/react';
import { createMemoryRouter } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { bootstrapFixture, userFixture } from '../../test/bootstrap-fixture';
import { libraryStateQuery } from '../library/library-state';
import { useLikeTracks } from './like-tracks';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

type TSent = { method: string; ids: number[] };

/** The api's batch like: answers 404 (nothing written) for a batch holding a hidden track. */
function stubApi(hidden: number[] = []) {
  const sent: TSent[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL) => {
      const request = input as Request;
      const body = (await request.json()) as { likeable_ids: number[] };
      const method = request.headers.get('X-HTTP-Method-Override') ?? request.method;
      sent.push({ method, ids: body.likeable_ids });
      if (body.likeable_ids.some((id) => hidden.includes(id)))
        return Response.json({ message: 'Not found.' }, { status: 404 });
      return Response.json({ state: method === 'POST', likeable_ids: body.likeable_ids });
    }),
  );
  return sent;
}

function renderLikeTracks() {
  setBootstrapData({ ...bootstrapFixture(), user: userFixture() });
  const queryClient = createQueryClient(() => {});
  const result: { current: ReturnType<typeof useLikeTracks> | null } = { current: null };
  function Probe() {
    result.current = useLikeTracks();
    return null;
  }
  const router = createMemoryRouter([{ path: '*', element: <Probe /> }]);
  render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  const isLiked = (id: number) =>
    queryClient.getQueryData(libraryStateQuery(userFixture().id, 'liked', 'track', id).queryKey) === true;
  return { likeTracks: () => result.current as ReturnType<typeof useLikeTracks>, isLiked };
}

const range = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, index) => from + index);

describe('liking a selection of tracks', () => {
  it('sends one request per 500 tracks and keeps the hearts of the batches that went through', async () => {
    const sent = stubApi([650]);
    const { likeTracks, isLiked } = renderLikeTracks();
    await act(() => likeTracks().likeTracks(range(1, 700), true));
    expect(sent.map(({ method, ids }) => [method, ids.length, ids[0]])).toEqual([
      ['POST', 500, 1],
      ['POST', 200, 501],
    ]);
    expect(range(1, 500).every(isLiked)).toBe(true);
    expect(range(501, 700).some(isLiked)).toBe(false);
  });

  it('unlikes in one request only the tracks that are liked', async () => {
    const sent = stubApi();
    const { likeTracks, isLiked } = renderLikeTracks();
    await act(() => likeTracks().likeTracks([1, 2, 3], true));
    await act(() => likeTracks().likeTracks([2, 3, 4], false));
    expect(sent.map(({ method, ids }) => [method, ids])).toEqual([
      ['POST', [1, 2, 3]],
      ['DELETE', [2, 3]],
    ]);
    expect([1, 2, 3, 4].map(isLiked)).toEqual([true, false, false, false]);
  });
});
