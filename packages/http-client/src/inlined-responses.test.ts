import { pageRequests, pageRequestUrl } from '@cadence/contracts/page-requests';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createFakeFetch, json } from './fake-fetch.test-helper';
import { createHttpClient } from './http-client';
import { createInlinedResponses, INLINED_RESPONSE_TTL_MS } from './inlined-responses';

const album = { album: { id: 5, name: 'Night Drive' } };

function clientWith(entries: Record<string, unknown>, workspaceId = 0) {
  const inlinedResponses = createInlinedResponses();
  inlinedResponses.prime(entries);
  const fake = createFakeFetch(() => json({ fromNetwork: true }));
  const client = createHttpClient({ fetch: fake.fetch, inlinedResponses, getWorkspaceId: () => workspaceId });
  return { client, fake };
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe('answers the api inlined in the page', () => {
  it('serves the first GET of the page from the HTML once, then goes to the network', async () => {
    const { client, fake } = clientWith({ [pageRequestUrl(pageRequests.album(5))]: album });
    const { path, params } = pageRequests.album(5);
    expect(await client.get(path, { params })).toBe(album);
    expect(fake.requests).toHaveLength(0);
    expect(await client.get(path, { params })).toEqual({ fromNetwork: true });
    expect(fake.requests).toHaveLength(1);
  });

  it('never answers another request, a write, or a call for another workspace', async () => {
    const url = '/api/v1/albums/5?with=tracks';
    const { client, fake } = clientWith({ [url]: album });
    expect(await client.get('albums/5', { params: { with: 'tracks,genres' } })).toEqual({
      fromNetwork: true,
    });
    expect(await client.post('albums/5', {}, { params: { with: 'tracks' } })).toEqual({ fromNetwork: true });
    const other = clientWith({ [url]: album }, 7);
    expect(await other.client.get('albums/5', { params: { with: 'tracks' } })).toEqual({ fromNetwork: true });
    expect(fake.requests).toHaveLength(2);
  });

  it('answers from the page by URL alone, building no Request, on any api origin and workspace', async () => {
    const built = vi.spyOn(globalThis, 'Request');
    const inlinedResponses = createInlinedResponses();
    inlinedResponses.prime({ '/api/v1/albums/5?with=tracks&workspaceId=3': album });
    const fake = createFakeFetch(() => json({ fromNetwork: true }));
    const client = createHttpClient({
      fetch: fake.fetch,
      inlinedResponses,
      baseUrl: 'https://api.example.com/',
      getWorkspaceId: () => 3,
    });
    expect(await client.get('albums/5', { params: { with: 'tracks' } })).toBe(album);
    expect(built).not.toHaveBeenCalled();
    expect(await client.get('albums/5', { params: { with: 'tracks' } })).toEqual({ fromNetwork: true });
    expect(built).toHaveBeenCalledTimes(1);
    expect(fake.requests).toHaveLength(1);
  });

  it('forgets answers older than the page allows', () => {
    const store = createInlinedResponses();
    store.prime({ '/api/v1/albums/5': album }, 1000);
    expect(store.take('/api/v1/albums/5', 1000 + INLINED_RESPONSE_TTL_MS + 1)).toBeUndefined();
    store.prime({ '/api/v1/albums/5': album }, 1000);
    expect(store.take('http://localhost/api/v1/albums/5', 1000 + INLINED_RESPONSE_TTL_MS)).toBe(album);
    store.prime(undefined);
    expect(store.take('/api/v1/albums/5')).toBeUndefined();
  });
});
