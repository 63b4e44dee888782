const RESPONSE_TAG = '[object Response]';

/**
 * Node 20 (the Dockerfile's) defines the global `Response` as a lazy getter that loads its whole
 * fetch implementation (undici) on first read: ~9-12 MiB and tens of ms. `@fastify/compress`
 * reads it on every reply (`payload instanceof Response`), so the first answer of every start,
 * `/ready` included, paid for a library no start needs. This puts a stand-in in its place that
 * answers `instanceof` without loading undici: only undici builds Response objects, and each one
 * says so in its `Symbol.toStringTag`, so a value without that tag is no Response; a value with
 * it is checked against the real class. Anything else done with the stand-in (`new Response()`,
 * `Response.json()`, subclassing) loads the real class and puts it back on `globalThis`, so from
 * then on every reader gets Node's own `Response`. A runtime whose `Response` is no lazy getter
 * (already loaded, or Node 22+ where it may be a plain value) is left as it is.
 */
export function deferResponseClass(): void {
  const descriptor = Object.getOwnPropertyDescriptor(globalThis, 'Response');
  const loadGlobal = descriptor?.get;
  if (!descriptor || !loadGlobal) return;
  let real: typeof Response | undefined;
  const load = (): typeof Response => {
    if (real) return real;
    // Node's getter loads undici and may define the value itself; ours replaces it either way.
    real = loadGlobal.call(globalThis) as typeof Response;
    Object.defineProperty(globalThis, 'Response', {
      value: real,
      writable: true,
      configurable: true,
      enumerable: descriptor.enumerable ?? false,
    });
    return real;
  };
  const ordinaryHasInstance = Function.prototype[Symbol.hasInstance];
  // A subclass made from the stand-in inherits this check: it then answers as any class would.
  function hasInstance(this: unknown, value: unknown): boolean {
    if (this !== standIn) return ordinaryHasInstance.call(this, value);
    return Object.prototype.toString.call(value) === RESPONSE_TAG && value instanceof load();
  }
  // The target only has to be constructible; every trap answers from the real class.
  const standIn: typeof Response = new Proxy(function Response() {}, {
    get: (_target, key) => (key === Symbol.hasInstance ? hasInstance : Reflect.get(load(), key)),
    has: (_target, key) => Reflect.has(load(), key),
    construct: (_target, args, newTarget) =>
      Reflect.construct(load(), args, newTarget === standIn ? load() : newTarget),
    apply: (_target, thisArg, args) => Reflect.apply(load(), thisArg, args),
  }) as unknown as typeof Response;
  Object.defineProperty(globalThis, 'Response', {
    get: () => real ?? standIn,
    set: (value: unknown) => {
      Object.defineProperty(globalThis, 'Response', {
        value,
        writable: true,
        configurable: true,
        enumerable: descriptor.enumerable ?? false,
      });
    },
    configurable: true,
    enumerable: descriptor.enumerable ?? false,
  });
}
