import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Plugin, ResolvedConfig } from 'vite';

/** Spec 7 registers the service worker from here (the api serves it with `Service-Worker-Allowed: /`). */
export const SERVICE_WORKER_PATH = 'build/sw.js';
/** Offline listening's fetch handler (issue 37), bundled from src/features/offline for the worker. */
export const OFFLINE_HANDLER_PATH = 'build/offline-handler.js';
const OFFLINE_HANDLER_ENTRY = 'src/features/offline/offline-handler.sw.ts';

/**
 * After the player's build, Workbox writes `dist/build/sw.js`: it precaches the app shell (the
 * hashed scripts and styles, the icons, the manifest and the `/offline` page as the api serves
 * it) so /offline opens without a network, falls back to that page for navigations that fail
 * offline, and imports the Web Push handler and offline listening's handler (issue 37). Workbox
 * itself caches nothing else: api answers, audio and images go to the network, except what a
 * listener saved for offline listening, which the offline handler answers from its own cache.
 */
/** The player app's folder: the bench builds other apps with this config, and they get no worker. */
const PLAYER_ROOT = path.dirname(path.dirname(fileURLToPath(import.meta.url)));

export function serviceWorker(): Plugin {
  let config: ResolvedConfig;
  return {
    name: 'cadence:service-worker',
    apply: 'build',
    configResolved(resolved) {
      config = resolved;
    },
    async closeBundle() {
      if (path.resolve(config.root) !== PLAYER_ROOT) return;
      const outDir = path.resolve(config.root, config.build.outDir);
      await buildOfflineHandler(outDir);
      // workbox-build (rollup, babel) loads only here, at the end of a build.
      const { generateSW } = await import('workbox-build');
      const version = String(Date.now());
      await generateSW({
        swDest: path.join(outDir, SERVICE_WORKER_PATH),
        globDirectory: outDir,
        globPatterns: ['assets/**/*.{js,css,woff2}', 'icons/*.png', 'manifest.webmanifest'],
        // The compressed twins (.br/.gz) are the same files for the api's static server.
        globIgnores: ['**/*.br', '**/*.gz', 'build/**'],
        maximumFileSizeToCacheInBytes: 5 * 1024 * 1024,
        // Hashed file names are their own revision.
        dontCacheBustURLsMatching: /^assets\//,
        modifyURLPrefix: { '': '/' },
        additionalManifestEntries: [{ url: '/offline', revision: version }],
        // The offline handler first: its fetch listener answers before Workbox's routes.
        importScripts: [`/${OFFLINE_HANDLER_PATH}`, '/build/push-handler.js'],
        inlineWorkboxRuntime: true,
        mode: 'production',
        sourcemap: false,
        skipWaiting: true,
        clientsClaim: true,
        cleanupOutdatedCaches: true,
        // Page loads are the browser's own requests (Sec-Fetch-Dest: document), answered by the
        // network as if no worker were there; a fetch re-issued by the worker would not be.
        navigationPreload: true,
        runtimeCaching: [
          {
            // A page load that fails (offline) gets the precached /offline page; online it is never cached.
            urlPattern: ({ request }) => request.mode === 'navigate',
            handler: 'NetworkOnly',
            options: { precacheFallback: { fallbackURL: '/offline' } },
          },
        ],
      });
    },
  };
}

/** One classic script (importScripts takes no modules) holding the offline handler and its imports. */
async function buildOfflineHandler(outDir: string): Promise<void> {
  const { build } = await import('vite');
  await build({
    configFile: false,
    root: PLAYER_ROOT,
    logLevel: 'warn',
    publicDir: false,
    build: {
      outDir: path.join(outDir, path.dirname(OFFLINE_HANDLER_PATH)),
      emptyOutDir: false,
      copyPublicDir: false,
      minify: true,
      sourcemap: false,
      lib: {
        entry: path.join(PLAYER_ROOT, OFFLINE_HANDLER_ENTRY),
        formats: ['iife'],
        name: 'cadenceOfflineHandler',
        fileName: () => path.basename(OFFLINE_HANDLER_PATH),
      },
    },
  });
}
