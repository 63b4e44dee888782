import { createRequire } from 'node:module';
import path from 'node:path';
import { domPreset } from '@cadence/vitest-config/dom';
import { defineConfig, mergeConfig } from 'vitest/config';

// Vitest resolves packages with Node conditions even under jsdom; the tus client must be its
// browser build (XMLHttpRequest, Blob) like in the apps, so point @uppy/tus at it.
const fromUppyTus = createRequire(createRequire(import.meta.url).resolve('@uppy/tus/package.json'));
const tusBrowserBuild = path.join(
  path.dirname(fromUppyTus.resolve('tus-js-client/package.json')),
  'lib.esm/browser/index.js',
);

export default mergeConfig(
  domPreset,
  defineConfig({
    resolve: { alias: [{ find: /^tus-js-client$/, replacement: tusBrowserBuild }] },
    test: {
      setupFiles: ['./src/test/setup.ts'],
      server: { deps: { inline: ['@uppy/tus'] } },
    },
  }),
);
