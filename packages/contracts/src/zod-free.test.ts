import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';

/**
 * The apps' first download imports these modules for their constants; one import of zod or of a
 * schema module here would put zod (~90 KB) back into every app's initial route.
 */
const ZOD_FREE = [
  'error-messages.ts',
  'auth-constants.ts',
  'play-threshold.ts',
  'artwork.ts',
  'page-requests.ts',
  'library-limits.ts',
  'validation-messages.ts',
  'ads-constants.ts',
  'workspace-constants.ts',
  'workspace-cookie.ts',
  'page-kinds.ts',
  'slug.ts',
  'stream-url.ts',
  'lrc.ts',
];

/** Specifiers of the imports and re-exports that survive compilation (`import type` does not). */
function runtimeImports(source: string): string[] {
  const statements = source.match(/^(?:import|export)\s(?!type\s)[^;]*?\sfrom\s+['"][^'"]+['"]/gm) ?? [];
  const bare = source.match(/^import\s+['"][^'"]+['"]/gm) ?? [];
  return [...statements, ...bare].map((statement) => /['"]([^'"]+)['"]$/.exec(statement)?.[1] ?? '');
}

describe('zod-free contract modules', () => {
  it('finds runtime imports and skips type-only ones', () => {
    const source = `import { z } from 'zod';\nimport type { TUser } from './user';\nexport { A } from './a';\nimport './side';`;
    expect(runtimeImports(source)).toEqual(['zod', './a', './side']);
  });

  it.each(ZOD_FREE)('%s imports nothing but other zod-free modules', async (file) => {
    const source = await readFile(new URL(file, import.meta.url), 'utf8');
    for (const specifier of runtimeImports(source))
      expect(ZOD_FREE, `${file} imports ${specifier}`).toContain(`${specifier.replace(/^\.\//, '')}.ts`);
  });
});
