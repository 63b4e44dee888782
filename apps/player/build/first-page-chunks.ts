import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { TFirstPage } from '@cadence/contracts/page-requests';
import type { Plugin } from 'vite';

/** Written beside index.html; the api reads it to preload the first page's chunks with the HTML. */
export const FIRST_PAGE_CHUNKS_FILE = 'first-page-chunks.json';

/** The page module each first page of contracts' page-requests.ts renders (src/router.tsx, player-routes.tsx). */
const PAGE_MODULES: Record<TFirstPage['kind'], string> = {
  channel: 'src/routes/home-page.tsx',
  album: 'src/routes/album-page.tsx',
  artist: 'src/routes/artist-page.tsx',
  track: 'src/routes/track-page.tsx',
  playlist: 'src/routes/playlist-page.tsx',
  searchAll: 'src/routes/search-page.tsx',
};

/** The player app's folder: only its own build has these pages (the bench builds other apps with this config). */
const PLAYER_ROOT = path.dirname(path.dirname(fileURLToPath(import.meta.url)));

type TChunk = { fileName: string; imports: string[]; isEntry: boolean; facadeModuleId: string | null };

/** A chunk and every chunk it imports statically, by file name. */
function withStaticImports(
  start: TChunk,
  byFile: Map<string, TChunk>,
  into = new Set<string>(),
): Set<string> {
  if (into.has(start.fileName)) return into;
  into.add(start.fileName);
  for (const file of start.imports) {
    const chunk = byFile.get(file);
    if (chunk) withStaticImports(chunk, byFile, into);
  }
  return into;
}

/**
 * For each first page, the chunks its lazy route loads beyond what index.html already loads
 * (the page's module and its static imports). Without them in the HTML, the browser learns of
 * them only once the entry has run and the router matched: one more round trip before the page.
 */
export function firstPageChunks(
  pageModules: Record<string, string> = PAGE_MODULES,
  appRoot: string = PLAYER_ROOT,
): Plugin {
  let root = process.cwd();
  let base = '/';
  return {
    name: 'cadence:first-page-chunks',
    apply: 'build',
    configResolved(config) {
      root = config.root;
      base = config.base;
    },
    generateBundle(_options, bundle) {
      if (path.resolve(root) !== path.resolve(appRoot)) return;
      const chunks = Object.values(bundle).filter(
        (item): item is TChunk & typeof item => item.type === 'chunk',
      );
      const byFile = new Map<string, TChunk>(chunks.map((chunk) => [chunk.fileName, chunk]));
      const loaded = new Set<string>();
      for (const entry of chunks.filter((chunk) => chunk.isEntry)) withStaticImports(entry, byFile, loaded);
      const result: Record<string, string[]> = {};
      for (const [kind, modulePath] of Object.entries(pageModules)) {
        const id = path.resolve(root, modulePath);
        const page = chunks.find((chunk) => chunk.facadeModuleId === id);
        if (!page) this.error(`first-page-chunks: no chunk has ${modulePath} as its module`);
        result[kind] = [...withStaticImports(page, byFile)]
          .filter((file) => !loaded.has(file))
          .map((file) => `${base}${file}`);
      }
      this.emitFile({ type: 'asset', fileName: FIRST_PAGE_CHUNKS_FILE, source: JSON.stringify(result) });
    },
  };
}
