import path from 'node:path';
import type { Plugin } from 'vite';

/**
 * Packages the first download must not carry. zod came back twice through a constant imported
 * from a contracts module that also builds schemas (building one is a side effect, so the module
 * and zod stay): the constants belong in a zod-free module (contracts' zod-free.test.ts).
 */
const KEPT_OUT = ['zod'];

type TChunk = { fileName: string; imports: string[]; isEntry: boolean; moduleIds: string[] };
type TModuleInfo = { importers: readonly string[]; isEntry: boolean } | null;

/** The package a module belongs to (the last `node_modules/` of its path: pnpm nests them), if any. */
const packageOf = (id: string) =>
  /.*\/node_modules\/((?:@[^/]+\/)?[^/]+)\//.exec(id.replaceAll('\\', '/'))?.[1];

/** The chunks the entry loads before anything else: the entries and what they import statically. */
function initialChunks(chunks: TChunk[]): TChunk[] {
  const byFile = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
  const found = new Map<string, TChunk>();
  const visit = (chunk: TChunk) => {
    if (found.has(chunk.fileName)) return;
    found.set(chunk.fileName, chunk);
    for (const file of chunk.imports) {
      const imported = byFile.get(file);
      if (imported) visit(imported);
    }
  };
  for (const entry of chunks.filter((chunk) => chunk.isEntry)) visit(entry);
  return [...found.values()];
}

/**
 * The shortest importer chain from `id` up to the entry, through the initial modules and the ones
 * in no chunk (re-export files, tree-shaken away). The top is an entry, or an initial module no
 * such module imports (Vite's entry is index.html, which no chunk lists).
 */
export function importerChain(
  id: string,
  initial: Set<string>,
  lazy: Set<string>,
  info: (id: string) => TModuleInfo,
): string[] {
  const via = new Map<string, string | null>([[id, null]]);
  const queue = [id];
  for (let current = queue.shift(); current !== undefined; current = queue.shift()) {
    const importers = (info(current)?.importers ?? []).filter((importer) => !lazy.has(importer));
    if (info(current)?.isEntry || (importers.length === 0 && initial.has(current))) {
      const chain: string[] = [];
      for (let step: string | null | undefined = current; step; step = via.get(step)) chain.unshift(step);
      return chain;
    }
    for (const importer of importers) {
      if (via.has(importer)) continue;
      via.set(importer, current);
      queue.push(importer);
    }
  }
  return [id];
}

/** Fails the build when a kept-out package reaches the first download, naming who brings it. */
export function entryKeepsOut(packages: readonly string[] = KEPT_OUT): Plugin {
  let root = process.cwd();
  return {
    name: 'cadence:entry-keeps-out',
    apply: 'build',
    configResolved(config) {
      root = config.root;
    },
    generateBundle(_options, bundle) {
      const chunks = Object.values(bundle).filter(
        (item): item is TChunk & typeof item => item.type === 'chunk',
      );
      const initial = initialChunks(chunks);
      const initialModules = new Set(initial.flatMap((chunk) => chunk.moduleIds));
      const lazyModules = new Set(
        chunks.filter((chunk) => !initial.includes(chunk)).flatMap((chunk) => chunk.moduleIds),
      );
      for (const chunk of initial) {
        const leaked = chunk.moduleIds.find((id) => packages.includes(packageOf(id) ?? ''));
        if (!leaked) continue;
        const chain = importerChain(leaked, initialModules, lazyModules, (id) => this.getModuleInfo(id));
        const named = chain.filter((id) => !packageOf(id)).map((id) => path.relative(root, id));
        this.error(
          `${packageOf(leaked)} is in the first download (${chunk.fileName}), brought by:\n  ${named.join('\n  <- ')}`,
        );
      }
    },
  };
}
