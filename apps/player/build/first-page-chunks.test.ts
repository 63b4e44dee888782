import { describe, expect, it } from 'vitest';
import { FIRST_PAGE_CHUNKS_FILE, firstPageChunks } from './first-page-chunks';

const chunk = (
  fileName: string,
  imports: string[],
  facadeModuleId: string | null = null,
  isEntry = false,
) => ({
  type: 'chunk' as const,
  fileName,
  imports,
  facadeModuleId,
  isEntry,
});

/** Runs the plugin's hooks over a fake bundle; returns what it emitted. */
function run(
  pageModules: Record<string, string>,
  bundle: Record<string, ReturnType<typeof chunk>>,
  root = '/app',
) {
  const plugin = firstPageChunks(pageModules, '/app');
  const emitted: { fileName: string; source: string }[] = [];
  const context = {
    emitFile: (file: { fileName: string; source: string }) => emitted.push(file),
    error: (message: string) => {
      throw new Error(message);
    },
  };
  (plugin.configResolved as (config: unknown) => void)({ root, base: '/' });
  (plugin.generateBundle as (this: unknown, options: unknown, bundle: unknown) => void).call(
    context,
    {},
    bundle,
  );
  return emitted;
}

describe('the first page chunk map of the player build', () => {
  it("lists each page's chunk and its static imports, minus what the entry already loads", () => {
    const bundle = {
      'assets/index.js': chunk('assets/index.js', ['assets/react.js'], '/app/src/main.tsx', true),
      'assets/react.js': chunk('assets/react.js', []),
      'assets/album-page.js': chunk(
        'assets/album-page.js',
        ['assets/react.js', 'assets/track-table.js'],
        '/app/src/routes/album-page.tsx',
      ),
      'assets/track-table.js': chunk('assets/track-table.js', ['assets/row.js']),
      'assets/row.js': chunk('assets/row.js', ['assets/track-table.js']),
      'assets/search-page.js': chunk('assets/search-page.js', [], '/app/src/routes/search-page.tsx'),
    };
    const [file] = run(
      { album: 'src/routes/album-page.tsx', searchAll: 'src/routes/search-page.tsx' },
      bundle,
    );
    expect(file?.fileName).toBe(FIRST_PAGE_CHUNKS_FILE);
    expect(JSON.parse(file?.source ?? '')).toEqual({
      album: ['/assets/album-page.js', '/assets/track-table.js', '/assets/row.js'],
      searchAll: ['/assets/search-page.js'],
    });
  });

  it('fails the build when a page module has no chunk (a renamed route)', () => {
    expect(() => run({ album: 'src/routes/gone.tsx' }, {})).toThrow('src/routes/gone.tsx');
  });

  it("writes nothing when the player's config builds another app (the bundle benchmark's minimal app)", () => {
    expect(run({ album: 'src/routes/album-page.tsx' }, {}, '/bench/minimal-react-app')).toEqual([]);
  });
});
