import { readdirSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ABSENT_SCHEMA_KEYS, isUnbuiltLazySchema, lazySchema } from './lazy-schema';

function counted<T>(create: () => T) {
  const calls = { count: 0 };
  return {
    calls,
    schema: lazySchema(() => {
      calls.count += 1;
      return create();
    }),
  };
}

const album = () =>
  z.object({
    id: z.number().int().min(1),
    name: z.string().trim().min(1, 'The name is required.').max(5),
    kind: z.enum(['album', 'single']).default('album'),
    tags: z.array(z.string()).optional(),
  });

describe('lazySchema', () => {
  it('builds on first use, once', () => {
    const { calls, schema } = counted(album);
    expect(calls.count).toBe(0);
    expect(isUnbuiltLazySchema(schema)).toBe(true);
    expect(schema.parse({ id: 1, name: ' Hey ' })).toEqual({ id: 1, name: 'Hey', kind: 'album' });
    expect(schema.parse({ id: 2, name: 'x' }).name).toBe('x');
    expect(calls.count).toBe(1);
    expect(isUnbuiltLazySchema(schema)).toBe(false);
  });

  it('validates and fails exactly as the schema built at once', () => {
    const eager = album();
    const { schema } = counted(album);
    const inputs: unknown[] = [
      { id: 1, name: 'ok' },
      { id: 0, name: '' },
      { id: 'x', name: 'far too long', kind: 'ep', tags: [1] },
      null,
      { id: 3, name: 'ok', extra: true },
    ];
    for (const input of inputs) {
      const lazy = schema.safeParse(input);
      const once = eager.safeParse(input);
      expect(lazy.success).toBe(once.success);
      expect(lazy.data).toEqual(once.data);
      expect(lazy.error?.issues).toEqual(once.error?.issues);
    }
  });

  it('is the schema for instanceof, in, its shape and JSON Schema', () => {
    expect(counted(album).schema).toBeInstanceOf(z.ZodObject);
    expect('safeParse' in counted(album).schema).toBe(true);
    expect(Object.keys(counted(album).schema.shape)).toEqual(['id', 'name', 'kind', 'tags']);
    expect(z.toJSONSchema(counted(album).schema)).toEqual(z.toJSONSchema(album()));
    // Once built, its class prototype (compared as a boolean: a failure message would read the
    // prototype's getters with no schema under them).
    const { schema } = counted(album);
    schema.safeParse({});
    expect(Object.getPrototypeOf(schema) === Object.getPrototypeOf(album())).toBe(true);
  });

  it('works nested in other schemas and with zod methods', () => {
    const { schema: inner, calls } = counted(album);
    const { schema: outer } = counted(() => z.object({ album: inner.partial(), list: z.array(inner) }));
    const eager = z.object({ album: album().partial(), list: z.array(album()) });
    expect(calls.count).toBe(0);
    for (const input of [
      { album: {}, list: [{ id: 1, name: 'a' }] },
      { album: { id: -1 }, list: [{ id: 2 }] },
    ]) {
      expect(outer.safeParse(input)).toEqual(eager.safeParse(input));
    }
    expect(calls.count).toBe(1);
  });

  it('keeps registry metadata and the parent link', () => {
    const { schema } = counted(() => z.string().min(2).describe('A name'));
    const eager = z.string().min(2).describe('A name');
    expect(z.globalRegistry.get(schema)).toEqual(z.globalRegistry.get(eager));
    expect(schema.description).toBe('A name');
    expect(z.toJSONSchema(schema)).toEqual(z.toJSONSchema(eager));
  });

  it("answers Fastify's registration probes without building", () => {
    const { calls, schema } = counted(album);
    const probed = schema as unknown as Record<PropertyKey, unknown>;
    for (const key of ABSENT_SCHEMA_KEYS) expect(probed[key]).toBeUndefined();
    expect(calls.count).toBe(0);
  });

  it('is not a thenable: resolving a promise with it does not build it', async () => {
    const { calls, schema } = counted(album);
    await expect(Promise.resolve(schema)).resolves.toBe(schema);
    expect(calls.count).toBe(0);
  });

  it('refuses a schema that reads itself while built, and retries a factory that threw', () => {
    const selfReading: z.ZodString = lazySchema(() => selfReading.min(1));
    expect(() => selfReading.parse('x')).toThrow('read itself');
    let isBroken = true;
    const flaky = lazySchema(() => {
      if (isBroken) throw new Error('not yet');
      return z.string();
    });
    expect(() => flaky.parse('x')).toThrow('not yet');
    isBroken = false;
    expect(flaky.parse('x')).toBe('x');
  });
});

/** Every schema module of the package, as the api and the apps import them. */
const modules = readdirSync(new URL('.', import.meta.url), { recursive: true, encoding: 'utf8' })
  .filter((file) => file.endsWith('.ts') && !file.endsWith('.test.ts') && !file.endsWith('.d.ts'))
  .sort();

describe('the contracts', () => {
  it('build no schema when imported (the api starts without them)', async () => {
    const loaded = await Promise.all(
      modules.map((file) => import(/* @vite-ignore */ `./${file}`) as Promise<Record<string, unknown>>),
    );
    const built = loaded.flatMap((exports, index) =>
      Object.entries(exports)
        .filter(([, value]) => !isUnbuiltLazySchema(value) && isZodSchema(value))
        .map(([name]) => `${modules[index]}: ${name}`),
    );
    expect(built).toEqual([]);
  });

  it("leave the settings catalogue's schemas unbuilt until a setting is read", async () => {
    const { settingsCatalogue } = await import('./settings/catalogue');
    const built = Object.entries(settingsCatalogue).filter(
      ([, definition]) => !isUnbuiltLazySchema(definition.schema),
    );
    expect(built.map(([key]) => key)).toEqual([]);
  });

  it('build every exported schema, none of them with a key the probes read', async () => {
    for (const file of modules) {
      const exports = (await import(/* @vite-ignore */ `./${file}`)) as Record<string, unknown>;
      for (const [name, value] of Object.entries(exports)) {
        if (!isZodSchema(value)) continue;
        for (const key of ABSENT_SCHEMA_KEYS)
          expect(key in value, `${file}: ${name}.${String(key)}`).toBe(false);
      }
    }
  });
});

/** Reading `_zod` builds a lazy schema: only called where building is the point. */
function isZodSchema(value: unknown): value is z.ZodType {
  return typeof value === 'object' && value !== null && '_zod' in value;
}
