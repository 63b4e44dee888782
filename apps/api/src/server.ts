import v8 from 'node:v8';
import { loadProcessEnv } from './env';
import { serve } from './serve';

/** V8's own default (`node --v8-options`): each growth doubles the young generation. */
const YOUNG_GENERATION_GROWTH_FACTOR = 2;

// Loading the modules above grows V8's young generation to 8 MiB a semi-space; the start after it
// (the app's plugins and routes, migrations check, listen) would double it to 16 once more, for
// good: V8 never gives it back, so an idle server kept 32 MiB instead of 16 (idle RSS -16 MiB,
// CPU to ready unchanged, in A/B runs). It keeps its size until the server listens, then grows
// again as V8 sees fit, so a loaded server gets the young generation it needs.
v8.setFlagsFromString('--semi-space-growth-factor=1');

serve(loadProcessEnv()).then(
  () => v8.setFlagsFromString(`--semi-space-growth-factor=${YOUNG_GENERATION_GROWTH_FACTOR}`),
  (error) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  },
);
