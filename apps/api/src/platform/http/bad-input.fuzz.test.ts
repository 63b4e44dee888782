import { createHash } from 'node:crypto';
import fc from 'fast-check';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isEmbeddedTarget } from '../../test/database-templates';
import { createTestApp, createTestUser, type TestApp } from '../../test/test-app';

/**
 * Every route, as a guest, a listener and the admin, against fast-check-generated bad input:
 * nothing a client sends may produce a 5xx, an answer outside the error envelope, or a stack trace.
 * Deterministic: the base seed is fixed (override with FUZZ_SEED) and each route/role/target derives
 * its own from it, so a failure report's seed replays exactly that case on that target. FUZZ_RUNS
 * sets the runs per route and role: 10 on PostgreSQL; 4 on the embedded PGlite (the api's second
 * pass, CADENCE_TEST_TARGET=embedded), where validation is the same code and only what reaches the
 * database differs: every route is still fuzzed there, with cases of its own (its seeds differ),
 * at two fifths of the ~15,000 requests that took three minutes.
 * FUZZ_DEBUG=1 turns APP_DEBUG on to see the trace of a 500 (the no-trace check is then skipped).
 */
const BASE_SEED = Number(process.env.FUZZ_SEED ?? 20261122);
const RUNS = Number(process.env.FUZZ_RUNS ?? (isEmbeddedTarget ? 4 : 10));
const TARGET = isEmbeddedTarget ? 'embedded' : 'postgres';
const IS_DEBUG = process.env.FUZZ_DEBUG === '1';
const OVER_BODY_LIMIT = 1024 * 1024 + 10;
/** 100,000 nested objects: what overflowed the settings flattener's stack before bodies were bounded. */
const DEEP = `${'{"a":'.repeat(100_000)}1${'}'.repeat(100_000)}`;

type Role = 'guest' | 'user' | 'admin';
type Route = { method: string; url: string };
type OpenApiDoc = { paths: Record<string, Record<string, OpenApiOperation>> };
type JsonSchema = {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  enum?: unknown[];
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  minimum?: number;
  maximum?: number;
  maxLength?: number;
  maxItems?: number;
  nullable?: boolean;
  format?: string;
};
type OpenApiOperation = {
  parameters?: { name: string; in: string; schema?: JsonSchema }[];
  requestBody?: { content?: Record<string, { schema?: JsonSchema }> };
};
type Failure = { role: Role; route: string; seed: number; detail: string };

/** The printed radix tree (`├── segment (GET, HEAD)`) flattened back into method + url pairs. */
function parseRouteTree(tree: string): Route[] {
  const routes: Route[] = [];
  const stack: string[] = [];
  for (const line of tree.split('\n')) {
    const start = line.search(/[^│├└─\s]/u);
    if (start === -1) continue;
    const depth = Math.floor(start / 4);
    const [, segment, methods] = /^(.*?) \(([A-Z, ]+)\)$/.exec(line.slice(start)) ?? [];
    stack.length = depth;
    stack[depth] = segment ?? line.slice(start);
    if (!methods) continue;
    const url = stack.join('');
    for (const method of methods.split(',').map((name) => name.trim())) routes.push({ method, url });
  }
  return routes;
}

const badPathValues = [
  '../',
  '..%2F..%2Fetc%2Fpasswd',
  '%00',
  'a%00b',
  '99999999999999999999999',
  '2147483648',
  '-1',
  '0',
  '1.5',
  '1e3',
  'NaN',
  '%C3%B1%E2%80%AE%F0%9F%8E%B5',
  "1'%3B drop table users--",
  'null',
  '%20',
  encodeURIComponent('a'.repeat(3000)),
  '1,2,3',
  'me',
];

const badQueryValues = [
  '',
  '-1',
  'abc',
  ';drop',
  '1e309',
  '99999999999999999999',
  '0',
  '1.5',
  'null',
  '[]',
  '{}',
  '%00',
  '\u0000',
  'ñ🎵\u202e',
  'x'.repeat(5000),
  'desc;drop table tracks',
  'id:desc',
  'true',
];

const commonQueryKeys = [
  'with',
  'perPage',
  'page',
  'orderBy',
  'orderDir',
  'query',
  'type',
  'ids',
  'paginate',
  'filters',
  'limit',
  'seed',
  '_method',
  'token',
  'code',
  'state',
];

const oddContentTypes = [
  'text/plain',
  'application/x-www-form-urlencoded',
  'multipart/form-data; boundary=zzz',
  'application/xml',
  'application/json; charset=utf-16',
  'application/offset+octet-stream',
  'application/octet-stream',
];

function seedFor(role: Role, route: Route): number {
  // The PostgreSQL pass keeps the seeds it always had; the embedded pass draws other cases.
  const target = isEmbeddedTarget ? ':embedded' : '';
  const digest = createHash('sha256')
    .update(`${BASE_SEED}:${role}:${route.method}:${route.url}${target}`)
    .digest();
  return digest.readInt32BE(0);
}

function encodePathValue(value: string): string {
  return /%[0-9A-F]{2}/i.test(value) || value === '../' ? value : encodeURIComponent(value);
}

const pathValueArb = fc.oneof(
  { weight: 3, arbitrary: fc.constantFrom(...badPathValues) },
  { weight: 2, arbitrary: fc.integer({ min: 1, max: 8 }).map(String) },
  { weight: 2, arbitrary: fc.string({ maxLength: 40, unit: 'binary' }).map(encodeURIComponent) },
  { weight: 1, arbitrary: fc.double().map((value) => encodeURIComponent(String(value))) },
);

const scalarArb = fc.oneof(
  fc.constantFrom<unknown>(
    null,
    true,
    false,
    0,
    -1,
    1.5,
    2 ** 31,
    Number.MAX_SAFE_INTEGER,
    -(2 ** 53),
    '',
    '1',
    '-1',
    'abc',
    '1e999',
    '../../etc/passwd',
    'ñ🎵\u202e\u0000',
    'x'.repeat(70_000),
    [],
    {},
    [1, 'a', null],
    { nested: { deeper: [{}] } },
    '2026-13-45T99:99:99Z',
    'http://127.0.0.1:22/',
    'javascript:alert(1)',
  ),
  fc.string({ maxLength: 300, unit: 'grapheme' }),
  fc.integer(),
  fc.double(),
  fc.jsonValue({ maxDepth: 3 }),
);

const edgeStrings = [
  '',
  'a',
  'ñ🎵\u202e',
  'a\u0000b',
  '../../etc/passwd',
  "' or 1=1--",
  'http://127.0.0.1:1/x',
];

/**
 * Values that pass (or barely miss) the route's own schema: the right types at their edges, so the
 * input reaches the handler and the database instead of stopping at validation.
 */
function nearValidArb(schema: JsonSchema, depth = 0): fc.Arbitrary<unknown> {
  const alternatives = schema.anyOf ?? schema.oneOf;
  if (alternatives?.length) return fc.oneof(...alternatives.map((inner) => nearValidArb(inner, depth + 1)));
  const type = Array.isArray(schema.type) ? schema.type.find((name) => name !== 'null') : schema.type;
  const variants: fc.Arbitrary<unknown>[] = [];
  if (schema.enum?.length) variants.push(fc.constantFrom(...schema.enum));
  if (type === 'string') {
    const max = schema.maxLength ?? 70_000;
    const strings = [...edgeStrings, 'x'.repeat(max), 'x'.repeat(max + 1)];
    if (schema.format === 'date-time')
      strings.push('0001-01-01T00:00:00Z', '9999-12-31T23:59:59Z', '2026-02-29T00:00:00Z');
    if (schema.format === 'email')
      strings.push('a@b.co', `${'a'.repeat(240)}@example.com`, 'ADMIN@cadence.local');
    variants.push(fc.constantFrom(...strings), fc.string({ maxLength: 40, unit: 'grapheme' }));
  } else if (type === 'integer' || type === 'number') {
    const numbers = [0, 1, 2, 3, -1, 2 ** 31 - 1, 2 ** 31, 2 ** 53 - 1];
    for (const bound of [schema.minimum, schema.maximum])
      if (bound !== undefined) numbers.push(bound, bound - 1, bound + 1);
    if (type === 'number') numbers.push(1.5, 1e308);
    variants.push(fc.constantFrom(...numbers));
  } else if (type === 'boolean') {
    variants.push(fc.boolean());
  } else if (type === 'array' && depth < 4) {
    const item = nearValidArb(schema.items ?? {}, depth + 1);
    variants.push(fc.array(item, { maxLength: 4 }));
    variants.push(item.map((value) => Array.from({ length: (schema.maxItems ?? 1000) + 1 }, () => value)));
  } else if (type === 'object' && depth < 4 && schema.properties) {
    const model = Object.fromEntries(
      Object.entries(schema.properties).map(([key, inner]) => [key, nearValidArb(inner, depth + 1)]),
    );
    variants.push(fc.record(model, { requiredKeys: schema.required ?? [] }));
  }
  if (variants.length === 0) return scalarArb;
  if (schema.nullable) variants.push(fc.constant(null));
  return fc.oneof({ weight: 6, arbitrary: fc.oneof(...variants) }, { weight: 1, arbitrary: scalarArb });
}

function bodyArb(propertyNames: string[], schema: JsonSchema | undefined) {
  const keys = [
    ...propertyNames,
    'id',
    'name',
    'email',
    'password',
    'ids',
    'type',
    '__proto__',
    'constructor',
  ];
  const shapedObject = fc.dictionary(fc.constantFrom(...keys), scalarArb, { maxKeys: 8 });
  const json = fc.oneof(
    { weight: schema ? 6 : 0, arbitrary: nearValidArb(schema ?? {}).map((value) => JSON.stringify(value)) },
    { weight: 3, arbitrary: shapedObject.map((value) => JSON.stringify(value)) },
    { weight: 2, arbitrary: fc.jsonValue({ maxDepth: 4 }).map((value) => JSON.stringify(value)) },
    {
      weight: 1,
      arbitrary: fc.constantFrom(
        '{',
        '{"a":',
        'null',
        '[]',
        '"string"',
        '123',
        '{"__proto__":{"isAdmin":true}}',
        '{"constructor":{"prototype":{"x":1}}}',
        `{"deep":${'['.repeat(2000)}${']'.repeat(2000)}}`,
        '\uFEFF{}',
      ),
    },
    { weight: 1, arbitrary: fc.string({ maxLength: 200, unit: 'binary' }) },
  );
  return fc.record({
    payload: json,
    contentType: fc.oneof(
      { weight: 6, arbitrary: fc.constant('application/json') },
      { weight: 2, arbitrary: fc.constantFrom(...oddContentTypes) },
      { weight: 1, arbitrary: fc.constant<string | undefined>(undefined) },
    ),
  });
}

function queryArb(parameters: { name: string; schema?: JsonSchema }[]) {
  const keys = [...new Set([...parameters.map((p) => p.name), ...commonQueryKeys])];
  const schemaValues = parameters.map((p) => nearValidArb(p.schema ?? {}).map((value) => String(value)));
  const value = fc.oneof(
    {
      weight: schemaValues.length ? 3 : 0,
      arbitrary: schemaValues.length ? fc.oneof(...schemaValues) : fc.constant(''),
    },
    { weight: 3, arbitrary: fc.constantFrom(...badQueryValues) },
    { weight: 1, arbitrary: fc.string({ maxLength: 60, unit: 'grapheme' }) },
    { weight: 1, arbitrary: fc.integer().map(String) },
  );
  return fc.array(fc.tuple(fc.constantFrom(...keys), value), { maxLength: 6 }).map((pairs) => {
    const params = new URLSearchParams();
    for (const [key, entry] of pairs) params.append(key, entry);
    return params.toString();
  });
}

function fillPath(url: string, values: string[]): string {
  let index = 0;
  const next = () => encodePathValue(values[index++ % values.length] ?? '1');
  const filled = url
    .split('/')
    .map((segment) => {
      if (segment.startsWith(':')) return next();
      if (segment === '*') return next();
      return segment.endsWith('*') ? `${segment.slice(0, -1)}${next()}` : segment;
    })
    .join('/');
  return filled.startsWith('/') ? filled : `/${filled}`;
}

function hasForbiddenKey(value: unknown, depth = 0): boolean {
  if (!value || typeof value !== 'object' || depth > 6) return false;
  if (Array.isArray(value)) return value.some((item) => hasForbiddenKey(item, depth + 1));
  return Object.entries(value).some(
    ([key, inner]) => ['stack', 'trace', 'debug'].includes(key) || hasForbiddenKey(inner, depth + 1),
  );
}

/** Why the answer breaks the contract, or null when it is fine. */
function contractBreach(response: LightMyRequestResponse, method: string, url: string): string | null {
  const { statusCode } = response;
  // The SPA fallback says so when the player app is not built (tests never build it): a deployment
  // condition, not an answer to input. Any other path under /api answers JSON.
  const isSpaBuildMissing =
    statusCode === 503 && !url.startsWith('/api/') && response.body.includes('build missing');
  if (isSpaBuildMissing || (statusCode === 503 && method === 'HEAD' && !url.startsWith('/api/'))) return null;
  if (statusCode >= 500) return `status ${statusCode}: ${response.body.slice(0, IS_DEBUG ? 900 : 300)}`;
  if (statusCode < 400) return null;
  // The tus protocol defines its own error answers; HEAD answers carry no body at all.
  if (method === 'HEAD' || response.headers['tus-resumable']) return null;
  const type = String(response.headers['content-type'] ?? '');
  if (!type.includes('application/json')) return `status ${statusCode} with content-type "${type}"`;
  let body: unknown;
  try {
    body = JSON.parse(response.body);
  } catch {
    return `status ${statusCode} with a body that is not JSON`;
  }
  const envelope = body as { message?: unknown; errors?: unknown };
  if (typeof envelope.message !== 'string')
    return `status ${statusCode} without a message: ${response.body.slice(0, 200)}`;
  if (envelope.errors !== undefined) {
    const errors = envelope.errors;
    const isFieldMap =
      !!errors &&
      typeof errors === 'object' &&
      !Array.isArray(errors) &&
      Object.values(errors).every(
        (entry) =>
          typeof entry === 'string' ||
          (Array.isArray(entry) && entry.every((item) => typeof item === 'string')),
      );
    if (!isFieldMap) return `status ${statusCode} with malformed errors: ${response.body.slice(0, 200)}`;
  }
  if (!IS_DEBUG && hasForbiddenKey(body))
    return `status ${statusCode} leaks a trace: ${response.body.slice(0, 200)}`;
  return null;
}

describe('bad input on every route', () => {
  let t: TestApp;
  let routes: Route[];
  let doc: OpenApiDoc;
  const failures: Failure[] = [];
  const coverage = { requests: 0, statuses: new Map<number, number>() };

  beforeAll(async () => {
    t = await createTestApp({
      env: {
        SEED_DEMO_CATALOGUE: 'true',
        RATE_LIMIT_MAX: '1000000000',
        APP_DEBUG: IS_DEBUG ? 'true' : 'false',
      },
    });
    routes = parseRouteTree(t.app.printRoutes({ commonPrefix: false }));
    doc = (await t.app.inject({ method: 'GET', url: '/api-docs/openapi.json' })).json();
  }, 120_000);

  afterAll(async () => {
    await t?.close();
  });

  function operationOf(route: Route): OpenApiOperation | undefined {
    const openApiPath = route.url.replace(/:([A-Za-z]+)[^/]*/g, '{$1}');
    return doc.paths[openApiPath]?.[route.method.toLowerCase()];
  }

  async function headersFor(role: Role): Promise<Record<string, string>> {
    if (role === 'guest') return {};
    const permissions = role === 'admin' ? ['admin'] : [];
    const userId = await createTestUser(t.deps, { permissions });
    if (role === 'user') {
      const roles = await t.deps.db
        .selectFrom('roles')
        .select('id')
        .where('name', 'in', ['users', 'artists'])
        .execute();
      await t.deps.db
        .insertInto('user_role')
        .values(roles.map((entry) => ({ user_id: userId, role_id: entry.id })))
        .execute();
    }
    const { cookie, xsrf } = await t.sessionCookie(userId);
    return { cookie, 'x-xsrf-token': xsrf };
  }

  /** Sends one request; throws the breach so fast-check can shrink the input that caused it. */
  async function send(options: InjectOptions) {
    const response = await t.app.inject(options);
    coverage.requests += 1;
    coverage.statuses.set(response.statusCode, (coverage.statuses.get(response.statusCode) ?? 0) + 1);
    const breach = contractBreach(response, String(options.method), String(options.url));
    if (breach) throw new Error(breach);
  }

  function record(role: Role, route: Route, seed: number, detail: string, input: unknown) {
    const request = JSON.stringify(input)?.slice(0, 400);
    failures.push({
      role,
      route: `${route.method} ${route.url}`,
      seed,
      detail: `${detail}\n    request: ${request}`,
    });
  }

  async function fuzzRoute(route: Route, role: Role, baseHeaders: Record<string, string>) {
    const seed = seedFor(role, route);
    const operation = operationOf(route);
    const queryParameters = (operation?.parameters ?? []).filter((p) => p.in === 'query');
    const bodySchema = operation?.requestBody?.content?.['application/json']?.schema;
    const hasBody = !['GET', 'HEAD', 'OPTIONS'].includes(route.method);
    const caseArb = fc.record({
      pathValues: fc.array(pathValueArb, { minLength: 1, maxLength: 3 }),
      query: queryArb(queryParameters),
      body: hasBody ? bodyArb(Object.keys(bodySchema?.properties ?? {}), bodySchema) : fc.constant(undefined),
      override: fc.oneof(
        { weight: 8, arbitrary: fc.constant<string | undefined>(undefined) },
        {
          weight: 1,
          arbitrary: fc.constantFrom('PUT', 'patch', 'DELETE', 'GET', 'TRACE', '', ' put ', 'x'.repeat(99)),
        },
      ),
    });
    const result = await fc.check(
      fc.asyncProperty(caseArb, async (input) => {
        const url = fillPath(route.url, input.pathValues);
        const headers: Record<string, string> = { ...baseHeaders };
        if (input.body?.contentType) headers['content-type'] = input.body.contentType;
        const isPost = route.method === 'POST';
        if (isPost && input.override !== undefined) headers['x-http-method-override'] = input.override;
        await send({
          method: route.method as InjectOptions['method'],
          url: input.query ? `${url}?${input.query}` : url,
          headers,
          payload: input.body?.payload,
        });
      }),
      { seed, numRuns: RUNS },
    );
    if (result.failed) {
      const message =
        result.errorInstance instanceof Error ? result.errorInstance.message : String(result.errorInstance);
      record(role, route, seed, message, result.counterexample?.[0]);
    }
  }

  /**
   * Bodies over the 1 MiB limit or nested past any bound, and `_method` oddities, once per route:
   * generated runs rarely reach them. The oversized bodies are the same bytes on both targets and
   * stop at the body parser, before any handler (only the request hooks before it, which every
   * generated case runs too, read the database): the PostgreSQL pass sends them; on PGlite they
   * took a fifth of the fuzz (21.8 of 90 s, busy machine). `_method` reaches handlers: both send it.
   */
  async function edgeCases(route: Route, role: Role, baseHeaders: Record<string, string>) {
    const url = fillPath(route.url, ['1']);
    const cases: { label: string; options: InjectOptions }[] = [];
    if (!isEmbeddedTarget && !['GET', 'HEAD', 'OPTIONS'].includes(route.method)) {
      const huge = JSON.stringify({ name: 'x'.repeat(OVER_BODY_LIMIT) });
      const headers = { ...baseHeaders, 'content-type': 'application/json' };
      const method = route.method as InjectOptions['method'];
      cases.push({ label: 'body over the limit', options: { method, url, headers, payload: huge } });
      cases.push({ label: 'body nested 100,000 deep', options: { method, url, headers, payload: DEEP } });
    }
    if (route.method === 'POST') {
      for (const override of ['CONNECT', 'PUT&_method=DELETE']) {
        const overridden = `${url}?_method=${encodeURIComponent(override)}`;
        cases.push({
          label: `_method=${override}`,
          options: { method: 'POST', url: overridden, headers: baseHeaders, payload: {} },
        });
      }
    }
    for (const { label, options } of cases) {
      try {
        await send(options);
      } catch (error) {
        record(role, route, 0, (error as Error).message, label);
      }
    }
  }

  // The 500s the first runs found, pinned as plain examples.
  it('answers 422 for an id past the int4 range and for a NUL byte in a search term', async () => {
    const user = await headersFor('user');
    const pastInt4 = await t.app.inject({
      method: 'GET',
      url: '/api/v1/users/2147483648/liked-tracks',
      headers: user,
    });
    expect(pastInt4.statusCode).toBe(422);
    expect(pastInt4.json()).toEqual({ message: 'A number is out of range.' });
    const hugeGenre = await t.app.inject({ method: 'GET', url: '/api/v1/genres/99999999999999999999999' });
    expect(hugeGenre.statusCode).toBeLessThan(500);
    const admin = await headersFor('admin');
    const nul = await t.app.inject({ method: 'GET', url: '/api/v1/tags?query=%00', headers: admin });
    expect(nul.statusCode).toBe(422);
  });

  it('answers 400 for a truncated multipart upload', async () => {
    const admin = await headersFor('admin');
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/v1/file-entries',
      headers: { ...admin, 'content-type': 'multipart/form-data; boundary=zzz' },
      payload: '--zzz\r\nContent-Disposition: form-data; name="file"; filename="a.mp3"\r\n\r\nabc',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message: 'The multipart body is malformed.' });
  });

  for (const role of ['guest', 'user', 'admin'] as const) {
    it(`never answers 5xx, a non-envelope 4xx or a trace to a ${role}`, async () => {
      const before = failures.length;
      for (const route of routes) {
        // A fresh user per route (a route may log its caller out or delete them), shared by the
        // route's edge cases (rejected bodies: they change nothing) and then its generated cases.
        const headers = await headersFor(role);
        await edgeCases(route, role, headers);
        await fuzzRoute(route, role, headers);
      }
      const mine = failures.slice(before);
      const report = mine.map(
        (f) => `[${f.role}] ${f.route} (seed ${f.seed}, FUZZ_SEED=${BASE_SEED}, ${TARGET})\n    ${f.detail}`,
      );
      const statuses = [...coverage.statuses]
        .sort(([a], [b]) => a - b)
        .map(([code, count]) => `${code}:${count}`);
      console.info(
        `bad-input fuzz (${role}, ${TARGET}, ${RUNS} runs): ${routes.length} routes, ${coverage.requests} requests so far (${statuses.join(' ')})`,
      );
      expect(report, report.join('\n')).toEqual([]);
      // Every route x FUZZ_RUNS cases: about a minute on a quiet machine, several on a shared one.
    }, 600_000);
  }
});
