import { ZErrorEnvelopeSchema } from '@cadence/contracts/errors';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createTestApp, type TestApp } from '../../test/test-app';
import { AppError } from './app-error';

let t: TestApp;

/** Routes that exist only for these tests, registered before `ready`. */
function addProbeRoutes(app: FastifyInstance) {
  for (const method of ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'] as const) {
    app.route({
      method,
      url: '/api/v1/_probe/method',
      config: { access: 'public' },
      handler: async (request) => ({ method: request.method }),
    });
  }
  app.post(
    '/api/v1/_probe/validate',
    {
      config: { access: 'public' },
      schema: {
        body: z.object({ email: z.email('The email must be a valid email address.'), age: z.number() }),
      },
    },
    async () => ({ ok: true }),
  );
  app.get('/api/v1/_probe/boom', { config: { access: 'public' } }, async () => {
    throw new Error('kaboom');
  });
  app.get('/api/v1/_probe/missing', { config: { access: 'public' } }, async () => {
    throw new AppError('not_found');
  });
}

async function buildWith(env: Record<string, string> = {}) {
  const { buildApp } = await import('../../app');
  const app = await buildApp({
    ...t.deps,
    env: { ...t.deps.env, ...env, APP_DEBUG: env.APP_DEBUG === 'true' },
  });
  addProbeRoutes(app);
  await app.ready();
  return app;
}

let app: FastifyInstance;
let debugApp: FastifyInstance;

beforeAll(async () => {
  t = await createTestApp();
  app = await buildWith();
  debugApp = await buildWith({ APP_DEBUG: 'true' });
});
afterAll(async () => {
  await app?.close();
  await debugApp?.close();
  await t?.close();
});

describe('method override', () => {
  it('routes a POST with the header as the real method', async () => {
    for (const method of ['PUT', 'PATCH', 'DELETE']) {
      const res = await app.inject({
        method: 'POST',
        url: '/api/v1/_probe/method',
        headers: { 'x-http-method-override': method },
      });
      expect(res.json()).toEqual({ method });
    }
  });

  it('routes a POST with the _method query', async () => {
    const res = await app.inject({ method: 'POST', url: '/api/v1/_probe/method?_method=delete' });
    expect(res.json()).toEqual({ method: 'DELETE' });
  });

  it('answers 400 for unknown override values', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/v1/_probe/method',
      headers: { 'x-http-method-override': 'GET' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(/method override/);
  });

  it('ignores the header on other methods', async () => {
    const res = await app.inject({
      method: 'GET',
      url: '/api/v1/_probe/method',
      headers: { 'x-http-method-override': 'DELETE' },
    });
    expect(res.json()).toEqual({ method: 'GET' });
  });
});

describe('error envelope', () => {
  it('answers 422 with field errors and the first one as message', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/v1/_probe/validate',
      payload: { email: 'nope' },
    });
    expect(res.statusCode).toBe(422);
    const body = ZErrorEnvelopeSchema.parse(res.json());
    expect(body.message).toBe('The email must be a valid email address.');
    expect(Object.keys(body.errors ?? {})).toEqual(expect.arrayContaining(['email', 'age']));
    expect(body.debug).toBeUndefined();
  });

  it('maps AppError to its status and unknown routes to 404', async () => {
    expect((await app.inject({ url: '/api/v1/_probe/missing' })).statusCode).toBe(404);
    const res = await app.inject({ url: '/api/v1/does-not-exist' });
    expect(res.statusCode).toBe(404);
    expect(ZErrorEnvelopeSchema.parse(res.json()).message).toBe('Not found.');
  });

  it('hides 500 details unless APP_DEBUG', async () => {
    const plain = await app.inject({ url: '/api/v1/_probe/boom' });
    expect(plain.statusCode).toBe(500);
    expect(plain.json()).toEqual({ message: 'There was an issue. Please try again.' });

    const debug = await debugApp.inject({ url: '/api/v1/_probe/boom' });
    const body = ZErrorEnvelopeSchema.parse(debug.json());
    expect(body.debug?.message).toBe('kaboom');
    expect(body.debug?.trace.length).toBeGreaterThan(0);
  });
});

describe('request ids', () => {
  it('echoes a given x-request-id and generates one otherwise', async () => {
    const given = await app.inject({ url: '/health', headers: { 'x-request-id': 'abc-123' } });
    expect(given.headers['x-request-id']).toBe('abc-123');
    const generated = await app.inject({ url: '/health' });
    expect(generated.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });
});

describe('csrf', () => {
  it('requires X-XSRF-TOKEN for cookie sessions and not for bearer tokens', async () => {
    const { createAccessToken } = await import('../auth/session.service');
    const userId = (await t.deps.db.selectFrom('users').select('id').executeTakeFirstOrThrow()).id;
    const { cookie, xsrf } = await t.sessionCookie(userId);

    const refused = await app.inject({ method: 'POST', url: '/api/v1/_probe/method', headers: { cookie } });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe('CSRF token mismatch.');

    const wrong = await app.inject({
      method: 'POST',
      url: '/api/v1/_probe/method',
      headers: { cookie, 'x-xsrf-token': 'x'.repeat(32) },
    });
    expect(wrong.statusCode).toBe(403);

    const accepted = await app.inject({
      method: 'POST',
      url: '/api/v1/_probe/method',
      headers: { cookie, 'x-xsrf-token': xsrf },
    });
    expect(accepted.statusCode).toBe(200);

    const foreign = await app.inject({
      method: 'POST',
      url: '/api/v1/_probe/method',
      headers: { cookie, 'x-xsrf-token': xsrf, origin: 'https://evil.example' },
    });
    expect(foreign.statusCode).toBe(403);

    const { plainTextToken } = await createAccessToken(t.deps.db, userId, 'cli');
    const bearer = await app.inject({
      method: 'POST',
      url: '/api/v1/_probe/method',
      headers: { authorization: `Bearer ${plainTextToken}` },
    });
    expect(bearer.statusCode).toBe(200);

    const badBearer = await app.inject({
      method: 'POST',
      url: '/api/v1/_probe/method',
      headers: { authorization: 'Bearer nope' },
    });
    expect(badBearer.statusCode).toBe(401);
  });
});
