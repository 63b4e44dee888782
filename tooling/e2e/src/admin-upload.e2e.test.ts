import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { E2E_ADMIN } from './api-env';
import { type RunningApi, startApi } from './api-server';
import { axeViolations, expectNoAxeViolations } from './axe';
import { launchBrowser } from './browser';

/**
 * /admin/upload (issue 12): the backstage upload flow, published as the artist the admin picks,
 * driven by the keyboard, then found in the admin's tracks table under that artist.
 */
const ADMIN = E2E_ADMIN;
/** A demo catalogue artist the admin does not manage. */
const ARTIST = 'Lumen Quartet';

let api: RunningApi;
let browser: Browser;
let admin: Page;
let files: string;

/** A 3 s tagged MP3 whose tags name another artist: the admin's choice must win. */
function makeSong(dir: string): string {
  const out = join(dir, 'admin-upload-song.mp3');
  execFileSync('ffmpeg', [
    '-v',
    'error',
    '-f',
    'lavfi',
    '-i',
    'sine=frequency=330:duration=3',
    '-c:a',
    'libmp3lame',
    '-b:a',
    '64k',
    '-id3v2_version',
    '3',
    '-metadata',
    'title=Harbour Lights',
    '-metadata',
    'artist=Somebody Else',
    out,
  ]);
  return out;
}

beforeAll(async () => {
  files = mkdtempSync(join(tmpdir(), 'cadence-admin-upload-'));
  [api, browser] = await Promise.all([startApi(), launchBrowser()]);
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  await context.addCookies([{ name: 'cookie_notice', value: 'true', url: api.url }]);
  admin = await context.newPage();
  await admin.goto(`${api.url}/login`);
  await admin.getByLabel('Email').fill(ADMIN.email);
  await admin.getByLabel('Password').fill(ADMIN.password);
  await admin.getByRole('button', { name: 'Continue' }).click();
  await admin.waitForURL((url) => !url.pathname.startsWith('/login'));
}, 180_000);

afterAll(async () => {
  await browser?.close();
  await api?.stop();
  if (files) rmSync(files, { recursive: true, force: true });
});

describe('/admin/upload in the browser', () => {
  it('uploads a file as the artist the admin picked and lists it under that artist', async () => {
    const song = makeSong(files);
    await admin.goto(`${api.url}/admin/tracks`);
    // The admin sidebar's Upload item leads to the admin's own upload page.
    await admin.getByTestId('admin-sidebar').getByRole('link', { name: 'Upload' }).click();
    await admin.waitForURL((url) => url.pathname === '/admin/upload');
    await admin.getByRole('heading', { level: 1, name: 'Upload' }).waitFor();
    await expectNoAxeViolations(admin, 'the admin upload page');

    // Keyboard only: type into the combobox, arrow to the artist, Enter.
    const picker = admin.getByRole('combobox', { name: 'Artist' });
    await picker.focus();
    await admin.keyboard.type('lumen');
    await admin.getByRole('option', { name: ARTIST }).waitFor();
    // While its list is open react-aria's combobox aria-hides the rest of the page (so a screen
    // reader stays in the portalled list) without making it inert: axe's aria-hidden-focus,
    // a known library behaviour (adobe/react-spectrum#4937). Every other rule must pass.
    const open = await axeViolations(admin);
    expect(open.filter((violation) => violation.id !== 'aria-hidden-focus')).toEqual([]);
    await admin.keyboard.press('ArrowDown');
    await admin.keyboard.press('Enter');
    await expect(picker.inputValue()).resolves.toBe(ARTIST);
    // The list closes once the choice is made (its exit may take a frame on a loaded machine).
    await expect.poll(() => admin.getByRole('option').count()).toBe(0);

    await admin.locator('[data-testid=admin-upload] input[type=file]').setInputFiles([song]);
    await expect.poll(() => admin.getByTestId('track-draft').count(), { timeout: 60_000 }).toBe(1);
    const title = admin.getByTestId('track-draft').getByLabel('Title');
    await expect(title.inputValue()).resolves.toBe('Harbour Lights');
    await admin.getByRole('radio', { name: 'Singles' }).focus();
    await admin.keyboard.press('Space');
    await title.fill('Harbour Lights (admin upload)');
    await expectNoAxeViolations(admin, 'the admin upload review form');

    const published = admin.waitForResponse(
      (response) => response.url().endsWith('/api/v1/backstage/publish') && response.status() === 201,
    );
    await admin.getByRole('button', { name: 'Publish singles' }).focus();
    await admin.keyboard.press('Enter');
    const body = (await (await published).json()) as { track_ids: number[] };
    expect(body.track_ids).toHaveLength(1);
    await admin.getByTestId('publish-done').waitFor();

    await admin.goto(`${api.url}/admin/tracks`);
    await admin.getByRole('searchbox', { name: 'Search' }).fill('Harbour Lights');
    await admin.waitForURL((url) => url.searchParams.get('query') === 'Harbour Lights');
    await admin.getByText('1 result', { exact: true }).waitFor();
    const row = admin.getByRole('row').filter({ hasText: 'Harbour Lights (admin upload)' });
    await expect(row.textContent()).resolves.toContain(ARTIST);
    await expect(row.textContent()).resolves.not.toContain('Somebody Else');
  }, 120_000);
});
