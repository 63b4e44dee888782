import { describe, expect, it } from 'vitest';
import { entryKeepsOut } from './entry-keeps-out';

const ZOD = '/repo/node_modules/.pnpm/zod@4.1.0/node_modules/zod/index.js';
const ZOD_CORE = '/repo/node_modules/.pnpm/zod@4.1.0/node_modules/zod/v4/core/errors.js';
const MAIN = '/repo/apps/player/src/main.tsx';
const LAYOUT = '/repo/apps/player/src/layout.tsx';
const CONSTANTS = '/repo/packages/contracts/src/ads-constants.ts';
const SCHEMAS = '/repo/packages/contracts/src/ads.ts';

const chunk = (fileName: string, moduleIds: string[], imports: string[] = [], isEntry = false) => ({
  type: 'chunk' as const,
  fileName,
  moduleIds,
  imports,
  isEntry,
});

/** Runs the plugin over a fake bundle whose modules import as `importers` says. */
function run(bundle: Record<string, ReturnType<typeof chunk>>, importers: Record<string, string[]>) {
  const plugin = entryKeepsOut();
  const context = {
    getModuleInfo: (id: string) => ({ importers: importers[id] ?? [], isEntry: id === MAIN }),
    error: (message: string) => {
      throw new Error(message);
    },
  };
  (plugin.configResolved as (config: unknown) => void)({ root: '/repo/apps/player' });
  (plugin.generateBundle as (this: unknown, options: unknown, bundle: unknown) => void).call(
    context,
    {},
    bundle,
  );
}

describe('the player build keeps zod out of the first download', () => {
  const importers = {
    [ZOD_CORE]: [ZOD],
    [ZOD]: [SCHEMAS],
    [SCHEMAS]: [LAYOUT, '/repo/apps/player/src/routes/ads-page.tsx'],
    [CONSTANTS]: [LAYOUT],
    [LAYOUT]: [MAIN],
  };

  it('fails, naming the chain from the schema module up to the entry', () => {
    const bundle = {
      'assets/index.js': chunk('assets/index.js', [MAIN, LAYOUT, SCHEMAS, ZOD, ZOD_CORE], [], true),
    };
    expect(() => run(bundle, importers)).toThrow(
      'zod is in the first download (assets/index.js), brought by:\n  ../../packages/contracts/src/ads.ts\n  <- src/layout.tsx\n  <- src/main.tsx',
    );
  });

  it('looks into the chunks the entry imports statically too', () => {
    const bundle = {
      'assets/index.js': chunk('assets/index.js', [MAIN, LAYOUT], ['assets/shared.js'], true),
      'assets/shared.js': chunk('assets/shared.js', [SCHEMAS, ZOD]),
    };
    expect(() => run(bundle, importers)).toThrow('assets/shared.js');
  });

  it('passes when zod is only in lazy chunks', () => {
    const bundle = {
      'assets/index.js': chunk('assets/index.js', [MAIN, LAYOUT, CONSTANTS], [], true),
      'assets/ads-page.js': chunk('assets/ads-page.js', [SCHEMAS, ZOD, ZOD_CORE]),
    };
    expect(() => run(bundle, importers)).not.toThrow();
  });
});
