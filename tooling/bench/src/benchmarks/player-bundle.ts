import { existsSync } from 'node:fs';
import { cp, mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { Browser } from 'playwright-core';
import type { TBenchmark, TContext } from '../harness/benchmark';
import { PACKAGE_DIR } from '../harness/ceiling-build';
import { apiTarget, prepareApiData, startTarget } from '../harness/targets';
import { CHROMIUM_PATH, launchChromium } from './browser';
import { measureInitialJs, type TInitialJs } from './initial-js';
import { ensurePlayerBuilt, PLAYER_DIR, PLAYER_DIST } from './player-app';
import { serveStatic } from './static-server';

/** Issue 5: the initial route's JS (gzip) may exceed the minimal React + react-router app's by this much. */
export const ALLOWANCE_KB = 70;
const CEILING_APP_DIR = path.join(PACKAGE_DIR, 'src', 'ceilings', 'minimal-react-app');

/** The ceiling app through the player's own vite.config.ts (same plugins, base and build options). */
async function buildCeilingApp(outDir: string): Promise<void> {
  const { build } = await import('vite');
  await build({
    configFile: path.join(PLAYER_DIR, 'vite.config.ts'),
    root: CEILING_APP_DIR,
    logLevel: 'warn',
    build: { outDir, emptyOutDir: true },
  });
}

const kb = (bytes: number) => bytes / 1024;

/** ours <= ceiling + 70 KB  <=>  ceiling/ours >= ceiling/(ceiling + 70 KB): the goal ratio depends on the ceiling. */
export function goalRatioFor(ceilingKb: number): number {
  return ceilingKb / (ceilingKb + ALLOWANCE_KB);
}

let measuredCeilingKb: number | undefined;

/** Libraries the initial route must not load (minified code keeps these class names as strings). */
const LIBRARIES_KEPT_OUT = { zod: /["'`]\$?Zod(?:Error|Type)["'`]/ };

const roundKb = (bytes: number) => Math.round(kb(bytes) * 10) / 10;

/** The per-file list kept in the results: biggest first, so a regression names its chunk. */
function fileList(measured: TInitialJs) {
  return measured.files.map((file) => ({
    path: file.path,
    gzipKb: roundKb(file.gzipBytes),
    rawKb: roundKb(file.rawBytes),
  }));
}

/** The ceiling app, built with the player's config and served statically, loaded at `/`. */
async function measureCeilingApp(browser: Browser, log: (message: string) => void): Promise<TInitialJs> {
  const outDir = await mkdtemp(path.join(os.tmpdir(), 'cadence-bench-ceiling-app-'));
  try {
    log('player-bundle: building the minimal React + react-router app with the player config');
    await buildCeilingApp(outDir);
    const server = await serveStatic(outDir);
    try {
      return await measureInitialJs(browser, {
        baseUrl: server.baseUrl,
        path: '/',
        isReady: (page) => page.getByRole('heading', { name: 'Home' }).waitFor({ state: 'visible' }),
      });
    } finally {
      await server.close();
    }
  } finally {
    await rm(outDir, { recursive: true, force: true });
  }
}

/** The player's home page as the api serves it (embedded mode, demo catalogue), for a guest. */
async function measurePlayer(browser: Browser, context: TContext): Promise<TInitialJs> {
  // A private copy of the build: another `pnpm build` of the player during the run would swap the
  // hashed files under the index.html the api has cached.
  const staticDir = await mkdtemp(path.join(os.tmpdir(), 'cadence-bench-player-static-'));
  try {
    await cp(PLAYER_DIST, path.join(staticDir, 'player', 'dist'), { recursive: true });
    const data = await prepareApiData(context.pinning, 'embedded');
    try {
      const target = apiTarget(data.dataDir);
      const withStaticDir = (port: number) => {
        const spec = target.spec(port);
        return { ...spec, env: { ...spec.env, STATIC_DIR: staticDir } };
      };
      const server = await startTarget({ ...target, spec: withStaticDir }, context.pinning);
      try {
        return await measureInitialJs(browser, {
          baseUrl: server.baseUrl,
          path: '/',
          markers: LIBRARIES_KEPT_OUT,
          isReady: async (page) => {
            await page.getByTestId('home-page').waitFor({ state: 'visible', timeout: 60_000 });
            await page.getByTestId('track-row').first().waitFor({ state: 'visible', timeout: 60_000 });
          },
        });
      } finally {
        await server.stop();
      }
    } finally {
      await data.dispose();
    }
  } finally {
    await rm(staticDir, { recursive: true, force: true });
  }
}

export const playerBundle: TBenchmark = {
  name: 'player-bundle',
  expectedSeconds: { full: 90, smoke: 60 },
  unit: 'KB gzip',
  direction: 'ceiling-over-ours',
  // Known only once the ceiling is measured; the runner reads it after `run`.
  get goalRatio() {
    return measuredCeilingKb === undefined ? 1 : Math.round(goalRatioFor(measuredCeilingKb) * 1000) / 1000;
  },
  goalWords: `JS a browser fetches to show \`/\` (gzip) <= minimal React + react-router app + ${ALLOWANCE_KB} KB`,
  async run(context) {
    if (!existsSync(CHROMIUM_PATH)) {
      context.log(`player-bundle: skipped: no Chromium at ${CHROMIUM_PATH}`);
      return {
        samples: [{ ceiling: Number.NaN, ours: Number.NaN }],
        details: { skipped: `no Chromium at ${CHROMIUM_PATH}` },
      };
    }
    const player = await ensurePlayerBuilt(context.mode.name === 'smoke', context.log);
    const browser = await launchChromium();
    let ceiling: TInitialJs;
    let ours: TInitialJs;
    try {
      ceiling = await measureCeilingApp(browser, context.log);
      ours = await measurePlayer(browser, context);
    } finally {
      await browser.close();
    }
    measuredCeilingKb = kb(ceiling.gzipBytes);
    const differenceKb = kb(ours.gzipBytes - ceiling.gzipBytes);
    context.log(
      `player-bundle: ours ${kb(ours.gzipBytes).toFixed(1)} KB in ${ours.files.length} files, ceiling ${measuredCeilingKb.toFixed(1)} KB in ${ceiling.files.length}, ` +
        `difference ${differenceKb.toFixed(1)} KB (allowance ${ALLOWANCE_KB} KB), ratio ${(ceiling.gzipBytes / ours.gzipBytes).toFixed(3)}`,
    );
    context.log(
      `player-bundle: ours by file: ${fileList(ours)
        .map((file) => `${path.basename(file.path)} ${file.gzipKb}`)
        .join(', ')}`,
    );
    const leaks = ours.files.filter((file) => file.markers.length > 0);
    for (const file of leaks) context.log(`player-bundle: ${file.path} carries ${file.markers.join(', ')}`);
    return {
      // Sizes are deterministic: one pair says it all.
      samples: [{ ceiling: measuredCeilingKb, ours: kb(ours.gzipBytes) }],
      details: {
        differenceKb,
        allowanceKb: ALLOWANCE_KB,
        absoluteGoal: { pass: differenceKb <= ALLOWANCE_KB, formula: `ours - ceiling <= ${ALLOWANCE_KB} KB` },
        keptOut: {
          libraries: Object.keys(LIBRARIES_KEPT_OUT),
          leaks: leaks.map((file) => ({ path: file.path, markers: file.markers })),
        },
        player: {
          ...player,
          rawKb: roundKb(ours.rawBytes),
          gzipKb: roundKb(ours.gzipBytes),
          files: fileList(ours),
        },
        ceilingApp: {
          rawKb: roundKb(ceiling.rawBytes),
          gzipKb: roundKb(ceiling.gzipBytes),
          files: fileList(ceiling),
        },
      },
    };
  },
};
