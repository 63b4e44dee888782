import v8 from 'node:v8';

/** V8's own default (`node --v8-options`): each growth doubles the young generation. */
const YOUNG_GENERATION_GROWTH_FACTOR = 2;

// Set before the app's modules load (they are imported below, not statically): loading them
// and starting (plugins, routes, migrations check, listen) would grow V8's young generation from
// 1 MiB a semi-space to 8 and 16, for good (V8 never gives it back). Held at its first size until
// the server listens, then free to grow as V8 sees fit, so a loaded server gets what it needs.
v8.setFlagsFromString('--semi-space-growth-factor=1');

const { start } = await import('./start');
start().then(
  () => v8.setFlagsFromString(`--semi-space-growth-factor=${YOUNG_GENERATION_GROWTH_FACTOR}`),
  (error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  },
);
