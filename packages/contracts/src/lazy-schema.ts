import { globalRegistry } from 'zod';

/**
 * Building a zod schema runs its whole constructor chain (internals, traits, checks, closures),
 * and the contracts hold thousands of them: built at module load, they were most of zod's share
 * of the api's start and ~5 MiB of its idle heap (old space used 25.8 -> 20.4 MiB), for schemas
 * a process uses one route at a time (711 placeholders, 6 built by the time it is ready: issue
 * 33). `lazySchema(() => z.object(...))` gives an object that becomes that schema, in place, the
 * first time anything reads it: same type, same identity everywhere it is used, same validation
 * and errors, and after that first read a plain zod instance with no indirection left on the
 * request path.
 *
 * How: the placeholder is an empty object whose prototype is a proxy. Its first read (any
 * property, `in`, `instanceof`, a prototype walk) builds the schema and turns the placeholder into
 * a copy of it, the way zod's own `clone()` copies a schema: the schema's class prototype, then
 * the schema's constructor run on the placeholder with the same definition (so every closure zod
 * keeps refers to the placeholder itself). Its parent link and registry metadata are carried over.
 */

type TZodInternals = {
  def: unknown;
  parent?: object;
  constr: (this: object, def: unknown) => object;
};
type TZodLike = { _zod: TZodInternals };
type TPending = { build: () => unknown; stub: object; state: 'pending' | 'building' | 'built' };

/**
 * Keys that no zod schema has, read at route registration by Fastify (`content`, and its fluent
 * schema probes) and by promise resolution (`then`): answering `undefined` without building keeps
 * a route's schemas unbuilt until its first request. `lazy-schema.test.ts` checks every contract
 * schema lacks them.
 */
export const ABSENT_SCHEMA_KEYS: ReadonlySet<PropertyKey> = new Set<PropertyKey>([
  'content',
  'isFluentSchema',
  Symbol.for('fluent-schema-object'),
  'then',
]);

/** By the proxy's target (what its traps get) and by placeholder. */
const pendingOf = new WeakMap<object, TPending>();
const pendingByStub = new WeakMap<object, TPending>();

function build(target: object): object {
  const pending = pendingOf.get(target) as TPending;
  const { stub } = pending;
  if (pending.state === 'built') return stub;
  if (pending.state === 'building') throw new Error('A lazy schema read itself while it was being built.');
  pending.state = 'building';
  let schema: TZodLike;
  try {
    schema = pending.build() as TZodLike;
  } catch (error) {
    pending.state = 'pending';
    throw error;
  }
  const internals = schema._zod;
  Object.setPrototypeOf(stub, Object.getPrototypeOf(schema));
  internals.constr.call(stub, internals.def);
  if (internals.parent) (stub as TZodLike)._zod.parent = internals.parent;
  const meta = globalRegistry.get(schema as never);
  if (meta) globalRegistry.add(stub as never, meta);
  pending.state = 'built';
  pendingByStub.delete(stub);
  return stub;
}

/** Every trap builds the schema, then answers as the built placeholder would. */
const handler: ProxyHandler<object> = {
  get(target, key, receiver) {
    if (ABSENT_SCHEMA_KEYS.has(key)) return undefined;
    return Reflect.get(build(target), key, receiver);
  },
  set(target, key, value, receiver) {
    return Reflect.set(build(target), key, value, receiver);
  },
  has(target, key) {
    return Reflect.has(build(target), key);
  },
  getPrototypeOf(target) {
    return Object.getPrototypeOf(build(target));
  },
};

/**
 * Lazy only in Node (the api, its workers and CLI, and the tests): the start-up this saves is the
 * api's. A browser or service worker builds the few schemas its chunk imports at load, as before,
 * so no page or worker depends on the proxy below.
 */
const IS_LAZY =
  typeof (globalThis as { process?: { versions?: { node?: unknown } } }).process?.versions?.node === 'string';

/**
 * The schema `create` returns, built on first use (in Node; see `IS_LAZY`). `create` must not read
 * its own result (a recursive schema goes through a getter, as zod asks for anyway). Until it is
 * built, `Object.getPrototypeOf` of it is the proxy and `Object.keys` of it is empty: read a property.
 */
export /*@__NO_SIDE_EFFECTS__*/ function lazySchema<T>(create: () => T): T {
  if (!IS_LAZY) return create();
  const target = {};
  const stub = Object.create(new Proxy(target, handler)) as object;
  const pending: TPending = { build: create, stub, state: 'pending' };
  pendingOf.set(target, pending);
  pendingByStub.set(stub, pending);
  return stub as T;
}

/** Whether `value` is a lazy schema not built yet (tests and start-up measurements). */
export function isUnbuiltLazySchema(value: unknown): boolean {
  if (typeof value !== 'object' || value === null) return false;
  return pendingByStub.get(value)?.state === 'pending';
}
