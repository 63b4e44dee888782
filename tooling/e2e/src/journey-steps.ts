import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import type { Browser, Locator, Page } from 'playwright-core';
import { expect } from 'vitest';
import { E2E_ADMIN } from './api-env';
import type { RunningApi } from './api-server';
import { animationsEnded, expectNoAxeViolations } from './axe';

/**
 * The steps the browser journeys share (sign in, register, settle before axe, a song to upload,
 * upload and publish it), so each test file says what its journey does, not how to fill a form.
 */
export const ADMIN = E2E_ADMIN;

export type Who = { email: string; password: string };
export type Viewport = { width: number; height: number };

/** Issue 32's "Done means" widths: a phone and a laptop. */
export const JOURNEY_WIDTHS: readonly Viewport[] = [
  { width: 390, height: 844 },
  { width: 1366, height: 768 },
];

/**
 * Double-clicks a track row where a person does to play it: on the row's own text (its duration),
 * not at its centre, which is the album link on a laptop and an artist link on a phone. A link's
 * first click follows the link, so a double-click there played only when the next page had not
 * yet replaced the list between the two clicks (a race lost under load).
 */
export async function doubleClickRow(row: Locator): Promise<void> {
  await row.getByText(/^\d+:\d\d$/).dblclick();
}

/** A page in a fresh context at the given size, the cookie notice already accepted. */
export async function newPage(
  browser: Browser,
  api: RunningApi,
  viewport: Viewport = { width: 1280, height: 900 },
): Promise<Page> {
  const context = await browser.newContext({ viewport });
  await context.addCookies([{ name: 'cookie_notice', value: 'true', url: api.url }]);
  return context.newPage();
}

export async function signIn(page: Page, api: RunningApi, who: Who): Promise<void> {
  await page.goto(`${api.url}/login`);
  await page.getByLabel('Email').fill(who.email);
  await page.getByLabel('Password').fill(who.password);
  await page.getByRole('button', { name: 'Continue' }).click();
  await page.waitForURL((url) => !url.pathname.startsWith('/login'));
}

export async function register(page: Page, api: RunningApi, who: Who): Promise<void> {
  await page.goto(`${api.url}/register`);
  await page.getByLabel('Email').fill(who.email);
  await page.locator('input[name="password"]').fill(who.password);
  await page.locator('input[name="password_confirmation"]').fill(who.password);
  await page.getByRole('button', { name: 'Create account' }).click();
  await page.waitForURL((url) => !url.pathname.startsWith('/register'));
}

/** axe measures colours as drawn: wait for the network and for entrance animations to finish. */
export async function settle(page: Page): Promise<void> {
  await page.waitForLoadState('networkidle');
  await animationsEnded(page);
}

/** Settled, then zero axe violations, and (the phone's test) nothing wider than the screen. */
export async function expectSettledAndClean(page: Page, where = page.url()): Promise<void> {
  await settle(page);
  await expectNoAxeViolations(page, where);
  const overflow = await page.evaluate(() => {
    const main = document.querySelector('main');
    const inMain = main ? main.scrollWidth - main.clientWidth : 0;
    return Math.max(document.documentElement.scrollWidth - window.innerWidth, inMain);
  });
  expect(overflow, `${where} scrolls sideways`).toBeLessThanOrEqual(0);
}

/** A short tagged MP3 rendered by ffmpeg (Debian's), written into `dir`. */
export function makeSong(
  dir: string,
  song: { file: string; title: string; frequency?: number; seconds?: number },
): string {
  const out = join(dir, song.file);
  execFileSync('ffmpeg', [
    '-v',
    'error',
    '-y',
    '-f',
    'lavfi',
    '-i',
    `sine=frequency=${song.frequency ?? 392}:duration=${song.seconds ?? 2}`,
    '-c:a',
    'libmp3lame',
    '-b:a',
    '64k',
    '-id3v2_version',
    '3',
    '-metadata',
    `title=${song.title}`,
    out,
  ]);
  return out;
}

/** Drops the files on the upload page (backstage or admin) and waits for their drafts. */
export async function uploadDrafts(page: Page, files: string[]): Promise<void> {
  await page.getByTestId('backstage-upload').waitFor();
  await page.locator('[data-testid=backstage-upload] input[type=file]').setInputFiles(files);
  await expect.poll(() => page.getByTestId('track-draft').count(), { timeout: 60_000 }).toBe(files.length);
}

/** Publishes the drafts on the page as singles; resolves with the publish answer. */
export async function publishSingles(page: Page): Promise<{ track_ids?: number[] }> {
  await page.getByRole('radio', { name: 'Singles' }).check();
  const published = page.waitForResponse(
    (response) => response.url().endsWith('/api/v1/backstage/publish') && response.status() === 201,
  );
  await page.getByRole('button', { name: 'Publish singles' }).click();
  const body = (await (await published).json()) as { track_ids?: number[] };
  await page.getByTestId('publish-done').waitFor();
  return body;
}

/** An api call (`/api/v1/...`) from the page, with its session and XSRF token: the status and the body. */
export function apiCall<T = unknown>(page: Page, method: string, path: string, body?: unknown) {
  return page.evaluate(
    async ({ method, path, body }) => {
      const xsrf = decodeURIComponent(document.cookie.match(/XSRF-TOKEN=([^;]+)/)?.[1] ?? '');
      const response = await fetch(`/api/v1/${path}`, {
        method,
        headers: { 'Content-Type': 'application/json', Accept: 'application/json', 'X-XSRF-TOKEN': xsrf },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      return { status: response.status, body: await response.json().catch(() => null) };
    },
    { method, path, body },
  ) as Promise<{ status: number; body: T }>;
}
