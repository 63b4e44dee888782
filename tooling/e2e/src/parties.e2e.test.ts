import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningApi } from './api-server';
import { launchBrowser } from './browser';
import { apiCall, expectSettledAndClean, register, signIn } from './journey-steps';
import { REPLICAS_ADMIN, startTwoReplicas } from './two-replicas';

/**
 * Issue 38: three listeners in one party hear the same second. Two api replicas behind nginx (as
 * the fault suite runs them); the host starts a party from a playlist, two listeners join (one on
 * a phone); for the issue's 2 minutes, through play, pause, seek, skip and track changes, then one
 * listener's network cut, the three playing elements' positions are sampled every second; last,
 * the host reloads and the party plays on.
 */
let api: RunningApi;
let browser: Browser;

beforeAll(async () => {
  [api, browser] = await Promise.all([startTwoReplicas(), launchBrowser({ autoplay: true })]);
});
afterAll(async () => {
  await browser?.close();
  await api?.stop();
});

async function open(width: number, height: number): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ viewport: { width, height } });
  await context.addCookies([{ name: 'cookie_notice', value: 'true', url: api.url }]);
  return { context, page: await context.newPage() };
}

type Reading = { at: number; ms: number; isPaused: boolean; src: string; rate: number };

const read = (page: Page): Promise<Reading> =>
  page.evaluate(() => {
    const audio = document.querySelector<HTMLAudioElement>('audio[data-testid="player-audio"]');
    return {
      at: performance.timeOrigin + performance.now(),
      ms: (audio?.currentTime ?? -1) * 1000,
      isPaused: audio?.paused ?? true,
      src: audio?.currentSrc ?? '',
      rate: audio?.playbackRate ?? 0,
    };
  });

/** The three positions brought to one instant (each read happens a few ms apart); their spread in ms. */
async function spread(pages: Page[], isPrinted = false): Promise<number> {
  const readings = await Promise.all(pages.map(read));
  if (isPrinted || process.env.PARTY_E2E_DEBUG) {
    const label = (reading: Reading) =>
      `${reading.src.split('/').slice(-2).join('/')} ${Math.round(reading.ms)} ms${reading.isPaused ? ' paused' : ''}`;
    console.log(`host, laptop, phone: ${readings.map(label).join('; ')}`);
  }
  if (new Set(readings.map((reading) => reading.src)).size !== 1) return Number.POSITIVE_INFINITY;
  const at = Math.max(...readings.map((reading) => reading.at));
  const positions = readings.map((reading) => reading.ms + (reading.isPaused ? 0 : at - reading.at));
  if (process.env.PARTY_E2E_DEBUG)
    console.log(positions.map((ms) => Math.round(ms)).join(' '), readings.map((r) => r.rate).join(' '));
  return Math.max(...positions) - Math.min(...positions);
}

/**
 * The first sample after a control is the moment each page's seek lands. It counts in the p95
 * like any other second of the 2 minutes, and is also kept apart and bounded: a skip
 * lands on a track each page has only just loaded, so its first reading may sit above 150 ms
 * (159 ms in one CI run on a loaded machine) before the rate correction closes it within the
 * second; a landing stays under a quarter of a second.
 */
const LANDING_BOUND_MS = 250;
type Samples = { all: number[]; landings: number[] };

/** One sample a second, as the issue measures; the first one after a control is also a landing. */
async function sampleEverySecond(pages: Page[], count: number, into: Samples, isAfterControl = true) {
  for (let i = 0; i < count; i++) {
    const ms = await spread(pages);
    into.all.push(ms);
    if (i === 0 && isAfterControl) into.landings.push(ms);
    await new Promise((resolve) => setTimeout(resolve, 1_000));
  }
}

const p95 = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil(sorted.length * 0.95) - 1)] as number;
};

type Until =
  | { kind: 'before'; ms: number }
  | { kind: 'playing' }
  | { kind: 'paused' }
  | { kind: 'past'; ms: number }
  | { kind: 'other-track'; src: string };

/** Waits until every page's playing element shows the control (it has reached them all). */
async function untilAll(pages: Page[], until: Until) {
  await Promise.all(
    pages.map((page) =>
      page.waitForFunction(
        (until: Until) => {
          const audio = document.querySelector<HTMLAudioElement>('audio[data-testid="player-audio"]');
          if (!audio) return false;
          if (until.kind === 'playing') return !audio.paused && audio.currentTime > 0.3;
          if (until.kind === 'paused') return audio.paused;
          if (until.kind === 'before') return !audio.paused && audio.currentTime * 1000 < until.ms;
          if (until.kind === 'past') return !audio.paused && audio.currentTime * 1000 > until.ms;
          // Landed on the new track: playing it, not still loading it. An element is not paused
          // from its play() call on, before its first byte: on the slower machine of the
          // 2026-12-01 CI runs a page still fetching the new track was read as landed 301-332 ms
          // behind (three attempts in a row; 9-49 ms here, idle), the time its load took.
          return audio.currentSrc !== until.src && !audio.paused && audio.readyState >= 3 && !audio.seeking;
        },
        until,
        { timeout: 30_000 },
      ),
    ),
  );
}

/** A playlist of the whole demo catalogue (28 tracks of about half a minute), made by `page`'s user. */
async function catalogueParty(page: Page): Promise<string> {
  const tracks = await apiCall<{ pagination: { data: { id: number }[] } }>(page, 'GET', 'tracks?perPage=100');
  const trackIds = tracks.body.pagination.data.map((track) => track.id);
  const created = await apiCall<{ playlist: { id: number; slug: string } }>(page, 'POST', 'playlists', {
    name: `Party night ${Date.now()}`,
  });
  expect(created.status).toBe(201);
  const { id, slug } = created.body.playlist;
  expect((await apiCall(page, 'POST', `playlists/${id}/tracks`, { track_ids: trackIds })).status).toBe(200);
  return `${api.url}/playlist/${id}/${slug}`;
}

describe('a listening party', () => {
  it("keeps three listeners within 50 ms (p95) for 2 minutes through pause, seek and skip, 150 ms after a network cut, and survives the host's reload", async () => {
    const host = await open(1280, 900);
    const laptop = await open(1280, 900);
    const phone = await open(390, 844);
    await signIn(host.page, api, REPLICAS_ADMIN);
    await register(laptop.page, api, {
      email: `laptop-${Date.now()}@e2e.test`,
      password: 'party-password-1',
    });
    await register(phone.page, api, { email: `phone-${Date.now()}@e2e.test`, password: 'party-password-2' });

    // An album (4 tracks of about 30 s) ends inside the 2 minutes: the host starts the
    // party from a playlist of the whole catalogue instead.
    await host.page.goto(await catalogueParty(host.page));
    await host.page.getByTestId('start-party').click();
    await host.page.waitForURL(/\/party\/[A-Z0-9]{6}$/);
    const partyUrl = host.page.url();

    await laptop.page.goto(partyUrl);
    await laptop.page.getByTestId('party-join').click();
    // The phone joins from the keyboard.
    await phone.page.goto(partyUrl);
    await phone.page.getByTestId('party-join').focus();
    await phone.page.keyboard.press('Enter');
    const pages = [host.page, laptop.page, phone.page];
    await host.page.getByTestId('party-members').getByRole('listitem').nth(2).waitFor();
    await expectSettledAndClean(phone.page, 'party page on a phone');

    // The 2 minutes: 120 one-second samples, across natural track changes too.
    const samples: Samples = { all: [], landings: [] };
    await host.page.getByTestId('party-play-toggle').click();
    await untilAll(pages, { kind: 'playing' });
    await sampleEverySecond(pages, 25, samples);

    await host.page.getByTestId('party-play-toggle').click();
    await untilAll(pages, { kind: 'paused' });
    await sampleEverySecond(pages, 5, samples);

    await host.page.getByTestId('party-play-toggle').click();
    await untilAll(pages, { kind: 'playing' });
    await sampleEverySecond(pages, 20, samples);

    // "Back 10 seconds" from near a track's start would land at 0, not 10 s back: listen on
    // (sampling) until the host is well into the track.
    while ((await read(host.page)).ms < 12_000) await sampleEverySecond(pages, 1, samples, false);
    const beforeSeek = (await read(host.page)).ms;
    await host.page.getByTestId('party-back').click();
    await untilAll(pages, { kind: 'before', ms: beforeSeek - 8_000 });
    await sampleEverySecond(pages, 20, samples);

    const beforeSkip = (await read(host.page)).src;
    await host.page.getByTestId('party-skip').click();
    await untilAll(pages, { kind: 'other-track', src: beforeSkip });
    // Listening on, across the next natural track change.
    await sampleEverySecond(pages, 50, samples);

    const syncP95 = p95(samples.all);
    console.log(
      `party sync: ${samples.all.length} samples, p95 spread ${syncP95.toFixed(1)} ms, max ${Math.max(...samples.all).toFixed(1)} ms`,
    );
    console.log(`right after each control: ${samples.landings.map((ms) => ms.toFixed(0)).join(', ')} ms`);
    expect(samples.all.length).toBeGreaterThanOrEqual(120);
    expect(syncP95).toBeLessThanOrEqual(50);
    expect(Math.max(...samples.landings)).toBeLessThanOrEqual(LANDING_BOUND_MS);

    // The laptop loses its network for 5 s; back online, its socket reconnects and resyncs.
    await laptop.context.setOffline(true);
    await new Promise((resolve) => setTimeout(resolve, 5_000));
    await laptop.context.setOffline(false);
    const afterCut: Samples = { all: [], landings: [] };
    await sampleEverySecond(pages, 5, afterCut, false);
    console.log(`after the cut: p95 spread ${p95(afterCut.all).toFixed(1)} ms`);
    expect(p95(afterCut.all)).toBeLessThanOrEqual(150);

    // The party survives the host's reload: the tab resumes it and comes back in step. (Its first
    // second back is not in the measure: the reloaded page starts its audio from nothing.)
    await host.page.reload();
    await untilAll([host.page], { kind: 'playing' });
    const reloadedAt = Date.now();
    // Each reading is printed: a retry that passes hides the first attempt's error, and this step
    // failed once in a clean-clone run (2026-12-03) without a trace of where the host stood.
    await expect
      .poll(
        async () => {
          const ms = await spread(pages, true);
          console.log(`after the reload, +${Date.now() - reloadedAt} ms: spread ${ms.toFixed(0)} ms`);
          return ms;
        },
        { timeout: 10_000, interval: 250 },
      )
      .toBeLessThanOrEqual(150);
    console.log(`host back in step ${Date.now() - reloadedAt} ms after its reload started playing`);

    // The laptop leaves from the player bar's party item.
    await laptop.page.getByTestId('party-bar-item').getByRole('button', { name: 'Leave' }).click();
    await host.page.getByTestId('party-members').getByRole('listitem').nth(2).waitFor({ state: 'detached' });
    await expectSettledAndClean(host.page, 'party page, host');
    for (const { context } of [host, laptop, phone]) await context.close();
  }, 330_000);
});
