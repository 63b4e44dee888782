import path from 'node:path';
import { defineConfig, type Options } from 'tsup';

type EsbuildPlugin = NonNullable<Options['esbuildPlugins']>[number];

/**
 * `z` (and zod's core) re-export every locale as a namespace, so all 60+ message bundles end up
 * in the chunk every process loads (V8 keeps a module's whole source text in memory). Only the
 * English messages are ever used (zod loads `en` itself), so the namespace is reduced to it.
 */
const zodEnglishLocaleOnly: EsbuildPlugin = {
  name: 'zod-english-locale-only',
  setup(build) {
    build.onResolve({ filter: /locales\/index\.js$/ }, (args) => {
      if (!args.importer.includes(`${path.sep}zod${path.sep}`)) return undefined;
      return { path: path.join(args.resolveDir, args.path), namespace: 'zod-locales' };
    });
    build.onLoad({ filter: /.*/, namespace: 'zod-locales' }, (args) => ({
      contents: `export { default as en } from ${JSON.stringify(path.join(path.dirname(args.path), 'en.js'))};`,
      resolveDir: path.dirname(args.path),
      loader: 'js',
    }));
  },
};

export default defineConfig({
  entry: ['src/server.ts', 'src/cli.ts'],
  format: ['esm'],
  target: 'node20',
  platform: 'node',
  outDir: 'dist',
  sourcemap: true,
  clean: true,
  splitting: true,
  // Workspace packages export TypeScript source, so they must be bundled. Pure-JS libraries made
  // of hundreds of small ES modules (kysely ~260 files, zod ~95) are bundled and tree-shaken too:
  // loading them file by file was a large share of start-up time and resident memory. The rest
  // of node_modules stays external (native addons, WASM, packages that load files by path).
  noExternal: [/^@cadence\//, /^kysely(\/|$)/, /^zod(\/|$)/, 'fastify-type-provider-zod', '@fastify/error'],
  esbuildPlugins: [zodEnglishLocaleOnly],
  esbuildOptions(options) {
    // V8 keeps each module's source text alive for lazy compilation: whitespace and comments are
    // dropped (identifiers are not renamed; the source maps map stack positions back), and
    // non-ASCII is escaped: one such character anywhere makes V8 hold the whole chunk as a
    // two-byte string, twice its size.
    options.minifyWhitespace = true;
    options.minifySyntax = true;
    options.charset = 'ascii';
  },
  // Bundled CommonJS code (e.g. @fastify/error) may `require` Node built-ins at run time.
  banner: {
    js: "import { createRequire as __cadenceCreateRequire } from 'node:module'; const require = __cadenceCreateRequire(import.meta.url);",
  },
});
