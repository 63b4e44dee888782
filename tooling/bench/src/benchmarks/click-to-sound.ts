import type { Browser, Page } from 'playwright-core';
import type { TBenchmark } from '../harness/benchmark';
import { median } from '../harness/stats';
import { apiTarget, prepareApiData, startTarget } from '../harness/targets';
import { freshContext, launchChromium } from './browser';
import { ensurePlayerBuilt } from './player-app';

/**
 * Issue 33: p50 <= 150 ms and p95 <= 250 ms from click to sound (issue 5's goal was Spotify's
 * published median, 265 ms).
 */
export const GOAL_P50_MS = 150;
export const GOAL_P95_MS = 250;

/** The nearest-rank percentile of `values` (the harness's own runs: 9 plays a side). */
function percentile(values: readonly number[], fraction: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil(fraction * sorted.length) - 1)] ?? Number.NaN;
}
const CEILING_PATH = '/__bench/click-to-sound';
const WAIT_MS = 20_000;

type TClickTiming = { playingMs: number; advancingMs: number | null; src: string };

// Records, in the page's own clock, the pointerdown of the click (its event timestamp: when the
// input arrived) and the first `playing` / first `timeupdate` with currentTime > 0 of any
// <audio> (media events do not bubble, but capture listeners on the document see them).
// The harness awaits promises the page resolves: polling with waitForFunction would run on every
// animation frame, adding rendering work to the very interval being measured (more for a big page).
// A string, not a function: tsx's keepNames would inject a `__name` helper the page lacks.
const ARM_TIMER = `(() => {
  const marks = {};
  window.__clickToSound = marks;
  const on = (type, listener) => document.addEventListener(type, listener, { capture: true });
  const settled = (ms) => new Promise((resolve) => {
    marks.resolvers = [...(marks.resolvers ?? []), resolve];
    setTimeout(() => resolve(false), ms);
  });
  window.__clickToSoundPlaying = settled(${WAIT_MS});
  on('pointerdown', (event) => { marks.click ??= event.timeStamp; });
  on('playing', (event) => {
    marks.playing ??= performance.now();
    marks.src ??= event.target.currentSrc;
    marks.resolvers[0](true);
    window.__clickToSoundAdvancing = settled(3000);
  });
  on('timeupdate', (event) => {
    if (event.target.currentTime <= 0 || marks.playing === undefined) return;
    marks.advancing ??= performance.now();
    marks.resolvers[1]?.(true);
  });
})()`;

async function armTimer(page: Page): Promise<void> {
  await page.evaluate(ARM_TIMER);
}

async function readTimer(page: Page): Promise<TClickTiming> {
  if (!(await page.evaluate('window.__clickToSoundPlaying'))) {
    throw new Error(`no <audio> reported playing within ${WAIT_MS} ms of the click`);
  }
  // currentTime > 0 follows `playing` by a frame or so; give it a moment but do not require it.
  await page.evaluate('window.__clickToSoundAdvancing');
  const marks = (await page.evaluate(
    '({ click: window.__clickToSound.click, playing: window.__clickToSound.playing, advancing: window.__clickToSound.advancing, src: window.__clickToSound.src })',
  )) as Record<string, number | string>;
  if (marks.click === undefined) throw new Error('the click did not reach the page');
  const click = marks.click as number;
  return {
    playingMs: (marks.playing as number) - click,
    advancingMs: marks.advancing === undefined ? null : (marks.advancing as number) - click,
    src: String(marks.src),
  };
}

/** Ours: the player's home page, a real click on the play control of track row `index`. */
async function playerClick(browser: Browser, baseUrl: string, index: number): Promise<TClickTiming> {
  const context = await freshContext(browser, baseUrl);
  try {
    const page = await context.newPage();
    await page.goto(`${baseUrl}/`);
    await page.getByTestId('home-page').waitFor({ state: 'attached', timeout: WAIT_MS });
    const row = page.getByTestId('track-row').nth(index);
    await row.waitFor({ timeout: WAIT_MS });
    await row.hover();
    await armTimer(page);
    await row.getByTestId('track-row-play').click();
    return await readTimer(page);
  } finally {
    await context.close();
  }
}

/** The ceiling: a bare page on the same origin whose button sets an <audio>'s src to the same stream and plays it. */
async function bareClick(browser: Browser, baseUrl: string, src: string): Promise<TClickTiming> {
  const context = await freshContext(browser, baseUrl);
  try {
    const page = await context.newPage();
    await page.route(`${baseUrl}${CEILING_PATH}`, (route) =>
      route.fulfill({
        contentType: 'text/html',
        body: `<!doctype html><button id="play">Play</button><audio id="audio" preload="none"></audio>
<script>document.getElementById('play').onclick = () => {
  const audio = document.getElementById('audio'); audio.src = ${JSON.stringify(src)}; audio.play();
};</script>`,
      }),
    );
    await page.goto(`${baseUrl}${CEILING_PATH}`);
    await armTimer(page);
    await page.click('#play');
    return await readTimer(page);
  } finally {
    await context.close();
  }
}

export const clickToSound: TBenchmark = {
  name: 'click-to-sound',
  expectedSeconds: { full: 90, smoke: 60 },
  unit: 'ms p50',
  direction: 'ceiling-over-ours',
  // ours <= GOAL_P50_MS  <=>  ceiling/ours >= ceiling/GOAL_P50_MS; the ceiling is measured in the run.
  goalRatio: 1,
  goalWords: `p50 from click on a track row's play control to the <audio>'s first playing <= ${GOAL_P50_MS} ms (p95 <= ${GOAL_P95_MS} ms and the absolute figures in details)`,
  async run(context) {
    await ensurePlayerBuilt(true, context.log);
    const plays = context.mode.name === 'smoke' ? 1 : 9;
    const data = await prepareApiData(context.pinning, 'embedded');
    const server = await startTarget(apiTarget(data.dataDir), context.pinning);
    const browser = await launchChromium();
    try {
      const samples: Array<{ ceiling: number; ours: number }> = [];
      const timings: Array<{ row: number; ours: TClickTiming; ceiling: TClickTiming }> = [];
      for (let row = 0; row < plays; row += 1) {
        // An unmeasured play first warms the api and the file cache for this track, so neither
        // side pays for the first read of its bytes.
        const warm = await playerClick(browser, server.baseUrl, row);
        const ceiling = await bareClick(browser, server.baseUrl, warm.src);
        const ours = await playerClick(browser, server.baseUrl, row);
        if (ours.src !== warm.src) throw new Error(`row ${row} played ${ours.src}, then ${warm.src}`);
        context.log(
          `click-to-sound: row ${row + 1}/${plays} ours ${ours.playingMs.toFixed(0)} ms, bare <audio> ${ceiling.playingMs.toFixed(0)} ms`,
        );
        samples.push({ ceiling: ceiling.playingMs, ours: ours.playingMs });
        timings.push({ row, ours, ceiling });
      }
      const oursP50 = median(samples.map((sample) => sample.ours));
      const oursP95 = percentile(
        samples.map((sample) => sample.ours),
        0.95,
      );
      const ceilingP50 = median(samples.map((sample) => sample.ceiling));
      clickToSound.goalRatio = Math.round((ceilingP50 / GOAL_P50_MS) * 1000) / 1000;
      return {
        samples,
        details: {
          absoluteGoal: {
            oursP50Ms: oursP50,
            oursP95Ms: oursP95,
            goalP50Ms: GOAL_P50_MS,
            goalP95Ms: GOAL_P95_MS,
            pass: oursP50 <= GOAL_P50_MS && oursP95 <= GOAL_P95_MS,
          },
          distinctTracks: new Set(timings.map((timing) => timing.ours.src)).size,
          timings,
        },
      };
    } finally {
      await browser.close();
      await server.stop();
      await data.dispose();
    }
  },
};
