import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, createTestUser, type TestApp } from '../../test/test-app';
import { jsonBoundsBreach, MAX_JSON_DEPTH } from './json-body';

const nested = (depth: number) => `${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`;

describe('jsonBoundsBreach', () => {
  it('counts nesting and keys outside strings only, without recursion', () => {
    expect(jsonBoundsBreach(nested(MAX_JSON_DEPTH))).toBeNull();
    expect(jsonBoundsBreach(nested(MAX_JSON_DEPTH + 1))).toBe(
      'The request body nests deeper than 64 levels.',
    );
    expect(jsonBoundsBreach(`[${'['.repeat(1_000_000)}`)).toBe(
      'The request body nests deeper than 64 levels.',
    );
    expect(jsonBoundsBreach(JSON.stringify({ text: `{[:\\"${'{'.repeat(500)}` }))).toBeNull();
    const keys = (count: number) =>
      JSON.stringify(Object.fromEntries(Array.from({ length: count }, (_, i) => [`k${i}`, i])));
    expect(jsonBoundsBreach(keys(10_000))).toBeNull();
    expect(jsonBoundsBreach(keys(10_001))).toBe('The request body has more than 10000 keys.');
  });
});

describe('bounded JSON bodies', () => {
  let t: TestApp;
  let admin: Record<string, string>;

  beforeAll(async () => {
    t = await createTestApp();
    const { cookie, xsrf } = await t.sessionCookie(await createTestUser(t.deps, { permissions: ['admin'] }));
    admin = { cookie, 'x-xsrf-token': xsrf, 'content-type': 'application/json' };
  });
  afterAll(async () => t?.close());

  it('answers 422 with a readable line to 100,000 nested objects on the settings route', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/settings',
      headers: admin,
      payload: `{"client":${nested(100_000)}}`,
    });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual({
      message: 'The request body nests deeper than 64 levels.',
      errors: { body: 'The request body nests deeper than 64 levels.' },
    });
  });

  it('still parses ordinary bodies and refuses prototype keys as before', async () => {
    const ok = await t.app.inject({
      method: 'POST',
      url: '/api/v1/playlists',
      headers: admin,
      payload: JSON.stringify({ name: 'Within bounds' }),
    });
    expect(ok.statusCode).toBe(201);
    const proto = await t.app.inject({
      method: 'POST',
      url: '/api/v1/playlists',
      headers: admin,
      payload: '{"name":"x","__proto__":{"isAdmin":true}}',
    });
    expect(proto.statusCode).toBe(400);
  });
});
