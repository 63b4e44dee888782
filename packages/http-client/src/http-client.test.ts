import { GENERIC_ERROR_MESSAGE } from '@cadence/contracts/error-messages';
import fc from 'fast-check';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createFakeFetch, json, pathAndQuery } from './fake-fetch.test-helper';
import { apiClient, createHttpClient, type THttpClientOptions, type THttpMethod } from './http-client';
import { HttpError } from './http-error';

function setup(options: Partial<THttpClientOptions> = {}, respond?: Parameters<typeof createFakeFetch>[0]) {
  const fake = createFakeFetch(respond);
  const cookies: Record<string, string> = { 'XSRF-TOKEN': 'csrf-123' };
  const client = createHttpClient({
    fetch: fake.fetch,
    getCookie: (name) => cookies[name] ?? null,
    getWorkspaceId: () => 0,
    ...options,
  });
  return { client, fake, cookies };
}

const METHODS: THttpMethod[] = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'];

describe('createHttpClient: request shape', () => {
  it('prefixes the path, sends credentials and asks for JSON', async () => {
    const { client, fake } = setup();
    await client.get('users/1');
    const request = fake.last();
    expect(pathAndQuery(request)).toBe('/api/v1/users/1');
    expect(request.method).toBe('GET');
    expect(request.credentials).toBe('include');
    expect(request.headers.get('Accept')).toBe('application/json');
    expect(request.headers.has('X-XSRF-TOKEN')).toBe(false);
  });

  it('uses the base url', async () => {
    const { client, fake } = setup({ baseUrl: 'https://api.example.com/' });
    await client.post('auth/login', { email: 'a@b.c' });
    expect(fake.last().url).toBe('https://api.example.com/auth/login');
  });

  it('joins relation lists on GET', async () => {
    const { client, fake } = setup();
    await client.get('users/1', {
      params: { with: ['roles', 'social_profiles', 'tokens'], loadCount: ['tracks'] },
    });
    const search = new URL(fake.last().url).searchParams;
    expect(search.get('with')).toBe('roles,social_profiles,tokens');
    expect(search.get('loadCount')).toBe('tracks');
  });

  it.each(METHODS)('maps %s to the wire method and override', async (method) => {
    const { client, fake } = setup();
    await client.request({ method, path: 'things/1', body: method === 'GET' ? undefined : { a: 1 } });
    const request = fake.last();
    const isOverridden = ['PUT', 'PATCH', 'DELETE'].includes(method);
    expect(request.method).toBe(isOverridden ? 'POST' : method);
    expect(request.headers.get('X-HTTP-Method-Override')).toBe(isOverridden ? method : null);
    expect(new URL(request.url).searchParams.get('_method')).toBe(isOverridden ? method : null);
    expect(request.headers.get('X-XSRF-TOKEN')).toBe(method === 'GET' ? null : 'csrf-123');
  });

  it('sends only GET and POST as themselves, for any path and params', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...METHODS),
        fc.stringMatching(/^[a-z]{1,8}(\/[a-z0-9]{1,5}){0,3}$/),
        fc.dictionary(fc.stringMatching(/^[a-z]{1,6}$/), fc.string({ maxLength: 8 })),
        async (method, path, params) => {
          const { client, fake } = setup();
          await client.request({ method, path, params });
          const request = fake.last();
          expect(request.method).toBe(method === 'GET' ? 'GET' : 'POST');
          const override = new URL(request.url).searchParams.get('_method');
          expect(override).toBe(method === 'GET' || method === 'POST' ? null : method);
          expect(request.headers.get('X-HTTP-Method-Override')).toBe(override);
        },
      ),
      { numRuns: 50 },
    );
  });

  it('encodes plain bodies as JSON and passes FormData through', async () => {
    const { client, fake } = setup();
    await client.put('users/1', { first_name: 'Ada' });
    expect(fake.last().headers.get('Content-Type')).toBe('application/json');
    expect(await fake.last().json()).toEqual({ first_name: 'Ada' });

    const form = new FormData();
    form.append('file', new Blob(['x'], { type: 'image/png' }), 'a.png');
    await client.post('users/1/avatar', form);
    expect(fake.last().headers.get('Content-Type')).toMatch(/^multipart\/form-data; boundary=/);
    const received = await fake.last().formData();
    expect((received.get('file') as File).name).toBe('a.png');
  });

  it('sends DELETE params and an optional body', async () => {
    const { client, fake } = setup();
    await client.delete('users/1', { params: { deleteCurrentUser: true } });
    expect(pathAndQuery(fake.last())).toBe('/api/v1/users/1?deleteCurrentUser=true&_method=DELETE');
    await client.delete('file-entries', { body: { entryIds: [1] } });
    expect(await fake.last().json()).toEqual({ entryIds: [1] });
  });

  it('reads the workspace from the activeWorkspaceId cookie by default', async () => {
    const fake = createFakeFetch();
    const client = createHttpClient({
      fetch: fake.fetch,
      getCookie: (name) => (name === 'activeWorkspaceId' ? '12' : null),
    });
    await client.get('tracks');
    expect(new URL(fake.last().url).searchParams.get('workspaceId')).toBe('12');
  });
});

describe('apiClient', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('calls the global fetch at request time, same origin, without cookies outside a browser', async () => {
    const fake = createFakeFetch();
    vi.stubGlobal('fetch', fake.fetch);
    await apiClient.post('notifications/mark-as-read', { ids: [1] });
    expect(pathAndQuery(fake.last())).toBe('/api/v1/notifications/mark-as-read');
    expect(fake.last().headers.has('X-XSRF-TOKEN')).toBe(false);
  });
});

describe('createHttpClient: workspace', () => {
  it('adds workspaceId to the query of GET, POST and PUT only', async () => {
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...METHODS), fc.integer({ min: 1, max: 1e6 }), async (method, id) => {
        const { client, fake } = setup({ getWorkspaceId: () => id });
        await client.request({ method, path: 'tracks' });
        const expected = ['GET', 'POST', 'PUT'].includes(method) ? String(id) : null;
        expect(new URL(fake.last().url).searchParams.get('workspaceId')).toBe(expected);
      }),
      { numRuns: 40 },
    );
  });

  it('carries the current workspace once on every GET, POST and PUT, whatever the path and body', async () => {
    const paths = [
      'me/workspaces',
      'workspace/3',
      'notifications',
      'auth/user',
      '/api/v1/tracks',
      'secure/x',
    ];
    const bodies = [undefined, {}, { name: 'x' }, { workspaceId: null }, new FormData()];
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom<THttpMethod>('GET', 'POST', 'PUT'),
        fc.constantFrom(...paths),
        fc.constantFrom(...bodies),
        fc.integer({ min: 1, max: 1e6 }),
        async (method, path, body, id) => {
          const { client, fake } = setup({ getWorkspaceId: () => id });
          await client.request({ method, path, body: method === 'GET' ? undefined : body });
          expect(new URL(fake.last().url).searchParams.getAll('workspaceId')).toEqual([String(id)]);
        },
      ),
      { numRuns: 60 },
    );
  });

  it("keeps a workspaceId given in the path's own query or a URLSearchParams body", async () => {
    const { client, fake } = setup({ getWorkspaceId: () => 5 });
    await client.get('artists?workspaceId=3&perPage=1');
    expect(new URL(fake.last().url).searchParams.getAll('workspaceId')).toEqual(['3']);
    await client.post('artists?workspaceId=3', { name: 'x' });
    expect(new URL(fake.last().url).searchParams.getAll('workspaceId')).toEqual(['3']);
    await client.post('artists', new URLSearchParams({ workspaceId: '4' }));
    expect(new URL(fake.last().url).searchParams.has('workspaceId')).toBe(false);
  });

  it('adds nothing without a current workspace', async () => {
    const { client, fake } = setup({ getWorkspaceId: () => 0 });
    await client.post('tracks', {});
    expect(new URL(fake.last().url).searchParams.has('workspaceId')).toBe(false);
  });

  it('keeps a workspaceId the caller gave in params, a JSON body or FormData', async () => {
    const { client, fake } = setup({ getWorkspaceId: () => 5 });
    await client.get('tracks', { params: { workspaceId: 9 } });
    expect(new URL(fake.last().url).searchParams.getAll('workspaceId')).toEqual(['9']);
    await client.post('tracks', { workspaceId: 3 });
    expect(new URL(fake.last().url).searchParams.has('workspaceId')).toBe(false);
    const form = new FormData();
    form.append('workspaceId', '4');
    await client.put('tracks/1', form);
    expect(new URL(fake.last().url).searchParams.has('workspaceId')).toBe(false);
  });
});

describe('createHttpClient: responses', () => {
  it('returns the JSON body as sent, typed by the caller', async () => {
    const body = { user: { id: 3, name: 'Ada', extra: [1, 2] } };
    const { client } = setup({}, () => json(body));
    const data = await client.get<{ user: { id: number; name: string } }>('users/3');
    expect(data).toEqual(body);
    expect(data.user.name).toBe('Ada');
  });

  it('returns a non-JSON success body as text', async () => {
    const { client } = setup({}, () => new Response('plain', { headers: { 'Content-Type': 'text/plain' } }));
    await expect(client.get<string>('robots')).resolves.toBe('plain');
  });

  it('returns null for an empty body', async () => {
    const { client } = setup({}, () => new Response(null, { status: 204 }));
    await expect(client.delete('access-tokens/1')).resolves.toBeNull();
  });

  it('normalises a validation error', async () => {
    const { client } = setup({}, () =>
      json({ message: '', errors: { email: ['The email is taken.', 'Other'], name: 'Required' } }, 422),
    );
    const error = await client.post('auth/register', {}).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(HttpError);
    expect(error).toMatchObject({
      status: 422,
      message: 'The email is taken.',
      fieldErrors: { email: 'The email is taken.', name: 'Required' },
      isCancelled: false,
      debug: null,
    });
  });

  it('keeps the server message and the debug trace', async () => {
    const debug = {
      exception: 'TypeError',
      message: 'boom',
      trace: [{ file: 'a.ts', line: 1, vendor: false }],
    };
    const { client } = setup({}, () => json({ message: 'Server Error', debug }, 500));
    const error = (await client.get('x').catch((e: unknown) => e)) as HttpError;
    expect(error.message).toBe('Server Error');
    expect(error.debug).toEqual(debug);
  });

  it('falls back to the generic message for a non-JSON error', async () => {
    const { client } = setup({}, () => new Response('<html>Bad gateway</html>', { status: 502 }));
    const error = (await client.get('x').catch((e: unknown) => e)) as HttpError;
    expect(error).toMatchObject({ status: 502, message: GENERIC_ERROR_MESSAGE, fieldErrors: {} });
  });

  it('turns a network failure into a status 0 error', async () => {
    const { client } = setup({}, () => {
      throw new TypeError('Failed to fetch');
    });
    const error = (await client.get('x').catch((e: unknown) => e)) as HttpError;
    expect(error).toMatchObject({ status: 0, message: GENERIC_ERROR_MESSAGE, isCancelled: false });
  });

  it('marks an aborted request as cancelled', async () => {
    const controller = new AbortController();
    const { client, fake } = setup({}, (request) => {
      controller.abort();
      if (request.signal.aborted) throw new DOMException('aborted', 'AbortError');
      return json({});
    });
    const error = (await client
      .get('x', { signal: controller.signal })
      .catch((e: unknown) => e)) as HttpError;
    expect(fake.last().signal.aborted).toBe(true);
    expect(error.isCancelled).toBe(true);
  });
});
