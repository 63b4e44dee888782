// Imported first by every app's entry, before any module can build a zod schema. Zod probes
// `new Function` when it builds an object schema (to compile a faster parser); under the
// product's Content-Security-Policy (no 'unsafe-eval') that probe is reported as a violation
// even though zod catches it. `jitless` skips the probe. Zod reads this global config object,
// so setting it here costs the first download no zod code.
type ZodGlobalConfig = { jitless?: boolean };
const host = globalThis as typeof globalThis & { __zod_globalConfig?: ZodGlobalConfig };
host.__zod_globalConfig ??= {};
host.__zod_globalConfig.jitless = true;
