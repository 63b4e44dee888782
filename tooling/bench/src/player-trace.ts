/**
 * Where the player's main thread spends a page load: a Chromium trace of `/`, an album and
 * search at 4x CPU throttling (Lighthouse's multiplier), summed per top-level task, plus React's
 * own count of the components each commit rendered (through the DevTools global hook, which
 * React's production build also calls). Not a benchmark: a diagnostic to read before and after a
 * change, on the same machine, back to back.
 *
 *   pnpm --filter @cadence/bench exec tsx src/player-trace.ts [runs=3] [--keep <dir>]
 *
 * Needs the api and the player built (`apps/api/dist`, `apps/player/dist`).
 */
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Browser } from 'playwright-core';
import { freshContext, launchChromium } from './benchmarks/browser';
import { apiTarget, prepareApiData, startTarget } from './harness/targets';

const SEARCH_PATH = '/search/signal';
const CPU_RATE = 4;
const LONG_TASK_MS = 50;
const SETTLE_MS = 4000;

// Counts, per React commit, the components whose render function ran (what the DevTools
// profiler calls "rendered"): a fiber is new, or it performed work; a subtree whose child pointer
// did not change was bailed out as a whole and is not walked. A string: see click-to-sound.ts.
const REACT_COUNTER = `(() => {
  const commits = [];
  window.__reactCommits = commits;
  const COMPONENT_TAGS = new Set([0, 1, 11, 14, 15]);
  const nameOf = (fiber) => {
    const type = fiber.type && (fiber.type.type || fiber.type.render || fiber.type);
    return (type && (type.displayName || type.name)) || 'anonymous';
  };
  const walk = (fiber, counts) => {
    for (let child = fiber; child; child = child.sibling) {
      const previous = child.alternate;
      const rendered = previous === null || (child.flags & 1) === 1;
      if (rendered && COMPONENT_TAGS.has(child.tag)) {
        counts.total += 1;
        const name = nameOf(child);
        counts.byName[name] = (counts.byName[name] || 0) + 1;
      }
      if (child.child && (previous === null || previous.child !== child.child)) walk(child.child, counts);
    }
  };
  let id = 0;
  window.__REACT_DEVTOOLS_GLOBAL_HOOK__ = {
    supportsFiber: true,
    renderers: new Map(),
    inject(renderer) { id += 1; this.renderers.set(id, renderer); return id; },
    checkDCE() {},
    onScheduleFiberRoot() {},
    onCommitFiberUnmount() {},
    onPostCommitFiberRoot() {},
    onCommitFiberRoot(_id, root) {
      const counts = { at: performance.now(), total: 0, byName: {} };
      const current = root.current;
      walk(current.child, counts);
      commits.push(counts);
    },
  };
})()`;

type TTraceEvent = {
  name: string;
  ph: string;
  ts: number;
  dur?: number;
  pid: number;
  tid: number;
  args?: { name?: string };
};
type TCommit = { at: number; total: number; byName: Record<string, number> };

type TPageFigures = {
  page: string;
  mainThreadMs: number;
  longTasks: number[];
  blockingMs: number;
  byKindMs: Record<string, number>;
  commits: Array<{ atMs: number; components: number; top: string }>;
};

const KIND_OF: Record<string, string> = {
  EvaluateScript: 'script-eval',
  'v8.compile': 'compile',
  'v8.compileModule': 'compile',
  'v8.evaluateModule': 'script-eval',
  FunctionCall: 'js',
  EventDispatch: 'js',
  TimerFire: 'js',
  FireAnimationFrame: 'js',
  RunMicrotasks: 'js',
  'V8.GC_MARK_COMPACTOR': 'gc',
  MajorGC: 'gc',
  MinorGC: 'gc',
  ParseHTML: 'html',
  UpdateLayoutTree: 'style',
  Layout: 'layout',
  PrePaint: 'paint',
  Paint: 'paint',
  Layerize: 'paint',
  ParseAuthorStyleSheet: 'css-parse',
};

/**
 * The page's main thread: the trace can hold another renderer's (a browser page of its own, such
 * as the new tab page, with its own long tasks), so the one that fetched the page's URLs is taken.
 */
function pageMainThread(events: TTraceEvent[], baseUrl: string): TTraceEvent | undefined {
  const urlOf = (event: TTraceEvent) => {
    const args = event.args as { data?: { url?: unknown }; beginData?: { url?: unknown } } | undefined;
    return String(args?.data?.url ?? args?.beginData?.url ?? '');
  };
  const pageEvents = new Map<string, number>();
  for (const event of events) {
    if (urlOf(event).startsWith(baseUrl)) {
      const key = `${event.pid}/${event.tid}`;
      pageEvents.set(key, (pageEvents.get(key) ?? 0) + 1);
    }
  }
  const count = (thread: TTraceEvent) => pageEvents.get(`${thread.pid}/${thread.tid}`) ?? 0;
  return events
    .filter((event) => event.name === 'thread_name' && event.args?.name === 'CrRendererMain')
    .sort((a, b) => count(b) - count(a))[0];
}

function summarise(
  events: TTraceEvent[],
  navigationStart: number,
  baseUrl: string,
): Omit<TPageFigures, 'page' | 'commits'> {
  const mainThread = pageMainThread(events, baseUrl);
  if (!mainThread) throw new Error('no CrRendererMain thread in the trace');
  const onMain = events.filter(
    (event) =>
      event.pid === mainThread.pid &&
      event.tid === mainThread.tid &&
      event.ph === 'X' &&
      event.ts >= navigationStart,
  );
  const tasks = onMain.filter(
    (event) => event.name === 'RunTask' || event.name === 'ThreadControllerImpl::RunTask',
  );
  const longTasks = tasks.map((task) => (task.dur ?? 0) / 1000).filter((ms) => ms >= LONG_TASK_MS);
  const byKindMs: Record<string, number> = {};
  for (const event of onMain) {
    const kind = KIND_OF[event.name];
    if (!kind) continue;
    byKindMs[kind] = (byKindMs[kind] ?? 0) + (event.dur ?? 0) / 1000;
  }
  for (const kind of Object.keys(byKindMs)) byKindMs[kind] = Math.round(byKindMs[kind] as number);
  return {
    mainThreadMs: Math.round(tasks.reduce((sum, task) => sum + (task.dur ?? 0), 0) / 1000),
    longTasks: longTasks.map(Math.round).sort((a, b) => b - a),
    blockingMs: Math.round(longTasks.reduce((sum, ms) => sum + ms - LONG_TASK_MS, 0)),
    byKindMs,
  };
}

async function tracePage(
  browser: Browser,
  baseUrl: string,
  pagePath: string,
): Promise<TPageFigures & { trace: unknown }> {
  const context = await freshContext(browser, baseUrl);
  try {
    const page = await context.newPage();
    await page.addInitScript(REACT_COUNTER);
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_RATE });
    const events: TTraceEvent[] = [];
    cdp.on('Tracing.dataCollected', (message) => {
      events.push(...(message.value as unknown as TTraceEvent[]));
    });
    const done = new Promise<void>((resolve) => cdp.once('Tracing.tracingComplete', () => resolve()));
    await cdp.send('Tracing.start', {
      traceConfig: {
        includedCategories: [
          'devtools.timeline',
          'disabled-by-default-devtools.timeline',
          'v8.execute',
          'v8',
          'blink.user_timing',
          '__metadata',
          ...(process.env.TRACE_MORE
            ? ['disabled-by-default-v8.compile', 'disabled-by-default-v8.runtime_stats']
            : []),
        ],
      },
      transferMode: 'ReportEvents',
    });
    await page.goto(`${baseUrl}${pagePath}`, { waitUntil: 'load' });
    await page.waitForTimeout(SETTLE_MS);
    await cdp.send('Tracing.end');
    await done;
    const navigation = events.find(
      (event) => event.name === 'navigationStart' || event.name === 'NavigationStartToFirstPaint',
    );
    const first = Math.min(...events.filter((event) => event.ts > 0).map((event) => event.ts));
    const commits = (await page.evaluate('window.__reactCommits')) as TCommit[];
    const navigationMs = (await page.evaluate('performance.timeOrigin')) as number;
    void navigationMs;
    return {
      page: pagePath,
      ...summarise(events, navigation?.ts ?? first, baseUrl),
      commits: commits.map((commit) => ({
        atMs: Math.round(commit.at),
        components: commit.total,
        top: Object.entries(commit.byName)
          .sort((a, b) => b[1] - a[1])
          .slice(0, Number(process.env.TOP ?? 6))
          .map(([name, count]) => `${name}:${count}`)
          .join(' '),
      })),
      trace: { traceEvents: events },
    };
  } finally {
    await context.close();
  }
}

async function findAlbum(browser: Browser, baseUrl: string): Promise<string> {
  const context = await freshContext(browser, baseUrl);
  try {
    const page = await context.newPage();
    await page.goto(`${baseUrl}/`);
    const link = page.locator('a[href^="/album/"]').first();
    await link.waitFor({ state: 'attached', timeout: 20_000 });
    // A warm-up visit of each page: JIT, the api's caches, image variants.
    await page.goto(`${baseUrl}${SEARCH_PATH}`);
    return (await link.getAttribute('href').catch(() => null)) ?? (await firstAlbum(page, baseUrl));
  } finally {
    await context.close();
  }
}

async function firstAlbum(page: import('playwright-core').Page, baseUrl: string): Promise<string> {
  await page.goto(`${baseUrl}/`);
  const link = page.locator('a[href^="/album/"]').first();
  await link.waitFor({ state: 'attached', timeout: 20_000 });
  return (await link.getAttribute('href')) as string;
}

async function main() {
  const args = process.argv.slice(2);
  const keepIndex = args.indexOf('--keep');
  const keepDir = keepIndex >= 0 ? args[keepIndex + 1] : undefined;
  if (keepDir) await mkdir(keepDir, { recursive: true });
  const runs = Number(
    args.find((arg, index) => /^\d+$/.test(arg) && (keepIndex < 0 || index !== keepIndex + 1)) ?? 3,
  );
  const pinning = { isEnabled: false };
  const data = await prepareApiData(pinning, 'embedded');
  const server = await startTarget(apiTarget(data.dataDir), pinning);
  const browser = await launchChromium();
  try {
    const album = await findAlbum(browser, server.baseUrl);
    for (const pagePath of ['/', album, SEARCH_PATH].filter(
      (p) =>
        !process.env.PAGES ||
        process.env.PAGES.split(',').includes(p === '/' ? 'home' : p === album ? 'album' : 'search'),
    )) {
      for (let run = 1; run <= runs; run += 1) {
        const { trace, ...figures } = await tracePage(browser, server.baseUrl, pagePath);
        const kinds = Object.entries(figures.byKindMs)
          .sort((a, b) => b[1] - a[1])
          .map(([kind, ms]) => `${kind} ${ms}`)
          .join(', ');
        console.log(
          `${pagePath} #${run}: main thread ${figures.mainThreadMs} ms, long tasks [${figures.longTasks.join(', ')}] (blocking ${figures.blockingMs} ms); ${kinds}`,
        );
        for (const commit of figures.commits) {
          console.log(`    commit at ${commit.atMs} ms: ${commit.components} components (${commit.top})`);
        }
        if (keepDir) {
          const name = `${pagePath === '/' ? 'home' : pagePath === album ? 'album' : 'search'}-${run}.json`;
          await writeFile(path.join(keepDir, name), JSON.stringify(trace));
        }
      }
    }
  } finally {
    await browser.close();
    await server.stop();
    await data.dispose();
  }
}

await main();
