import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { E2E_ADMIN } from './api-env';
import { type RunningApi, startApi } from './api-server';
import { expectNoAxeViolations } from './axe';
import { launchBrowser } from './browser';

const ADMIN = E2E_ADMIN;
const LISTENER = { email: 'new.artist@e2e.test', password: 'listener-password-1' };

let api: RunningApi;
let browser: Browser;
let files: string;

/** Three tagged MP3s (title, artist, album, number, genre, year, cover) rendered by ffmpeg. */
function makeTaggedFiles(dir: string): string[] {
  return [1, 2, 3].map((track) => {
    const out = join(dir, `e2e-track-${track}.mp3`);
    execFileSync('ffmpeg', [
      '-v',
      'error',
      '-f',
      'lavfi',
      '-i',
      `sine=frequency=${220 * track}:duration=4`,
      '-f',
      'lavfi',
      '-i',
      'color=c=blue:s=64x64:d=1',
      '-map',
      '0:a',
      '-map',
      '1:v',
      '-frames:v',
      '1',
      '-c:a',
      'libmp3lame',
      '-b:a',
      '64k',
      '-c:v',
      'mjpeg',
      '-disposition:v',
      'attached_pic',
      '-id3v2_version',
      '3',
      '-metadata',
      `title=Tagged Song ${track}`,
      '-metadata',
      'artist=The E2E Band',
      '-metadata',
      'album=Tagged E2E Album',
      '-metadata',
      `track=${track}`,
      '-metadata',
      'genre=Ambient',
      '-metadata',
      'date=2025',
      out,
    ]);
    return out;
  });
}

beforeAll(async () => {
  files = mkdtempSync(join(tmpdir(), 'cadence-e2e-backstage-'));
  [api, browser] = await Promise.all([startApi(), launchBrowser({ autoplay: true })]);
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await api?.stop();
  if (files) rmSync(files, { recursive: true, force: true });
});

async function newContext(): Promise<BrowserContext> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, acceptDownloads: true });
  await context.addCookies([{ name: 'cookie_notice', value: 'true', url: api.url }]);
  return context;
}

async function login(page: Page, who: { email: string; password: string }) {
  await page.goto(`${api.url}/login`);
  await page.getByLabel('Email').fill(who.email);
  await page.getByLabel('Password').fill(who.password);
  await page.getByRole('button', { name: 'Continue' }).click();
  await page.waitForURL((url) => !url.pathname.startsWith('/login'));
}

/** axe measures colours as drawn: let entrance animations (a toast fading in) finish first. */
async function expectAxeClean(page: Page) {
  await page.waitForFunction(() =>
    document
      .getAnimations()
      .every(
        (animation) =>
          animation.playState !== 'running' || animation.effect?.getTiming().iterations === Infinity,
      ),
  );
  await expectNoAxeViolations(page);
}

describe('backstage: from listener to published artist', () => {
  it('requests, gets approved, uploads three tagged files, publishes an album, plays it and sees the play in the insights', async () => {
    // 1. A listener registers and asks to become an artist with a proof file.
    const listenerContext = await newContext();
    const listener = await listenerContext.newPage();
    await listener.goto(`${api.url}/register`);
    await listener.getByLabel('Email').fill(LISTENER.email);
    await listener.locator('input[name="password"]').fill(LISTENER.password);
    await listener.locator('input[name="password_confirmation"]').fill(LISTENER.password);
    await listener.getByRole('button', { name: 'Create account' }).click();
    await listener.waitForURL((url) => !url.pathname.startsWith('/register'));

    await listener.goto(`${api.url}/backstage/requests`);
    await listener.getByRole('heading', { name: 'Artist requests' }).waitFor();
    await expectAxeClean(listener);
    await listener.getByRole('link', { name: /Become an artist/ }).click();
    await listener.getByRole('heading', { name: 'Become an artist' }).waitFor();
    await listener.getByLabel('Artist name').fill('The E2E Band');
    await listener.getByLabel('Your role').fill('Singer');
    const proof = join(files, 'label-letter.pdf');
    writeFileSync(proof, '%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');
    await listener
      .locator('[data-testid=backstage-request-form] input[type=file]:not([accept^="image"])')
      .setInputFiles(proof);
    await listener
      .locator('li[data-status=completed]', { hasText: 'label-letter.pdf' })
      .waitFor({ timeout: 30_000 });
    await expectAxeClean(listener);
    await listener.getByRole('button', { name: 'Submit request' }).click();
    await listener.waitForURL(/\/backstage\/requests\/\d+\/request-submitted$/);
    await listener.getByTestId('request-status').getByText('pending').waitFor();
    await expectAxeClean(listener);

    // 2. The admin approves it from the review page, where the proof is listed.
    const adminContext = await newContext();
    const admin = await adminContext.newPage();
    await login(admin, ADMIN);
    await admin.goto(`${api.url}/admin/backstage-requests?status=pending`);
    await admin.getByRole('link', { name: 'The E2E Band' }).click();
    await admin.getByTestId('backstage-request').waitFor();
    await admin.getByRole('link', { name: 'label-letter.pdf' }).waitFor();
    await expectAxeClean(admin);
    await admin.getByLabel('Notes for the requester').fill('Welcome aboard');
    await admin.getByRole('button', { name: 'Approve' }).click();
    await admin.getByTestId('request-status').getByText('approved').waitFor();

    // The listener hears of it: a notification row (spec 3 shape) on /notifications.
    await listener.goto(`${api.url}/notifications`);
    await listener
      .getByTestId('notification-list')
      .getByText('Your request to become an artist was approved.')
      .waitFor();
    await listener.getByTestId('notification-list').getByText('Welcome aboard').waitFor();

    // 3. The listener, now an artist, uploads three tagged files and publishes them as an album.
    const tracks = makeTaggedFiles(files);
    await listener.goto(`${api.url}/backstage/upload`);
    await listener.getByRole('heading', { name: 'Upload' }).waitFor();
    await listener.getByTestId('upload-minutes').waitFor();
    await listener.locator('[data-testid=backstage-upload] input[type=file]').setInputFiles(tracks);
    await expect.poll(() => listener.getByTestId('track-draft').count(), { timeout: 60_000 }).toBe(3);
    await expect(listener.getByLabel('Album name').inputValue()).resolves.toBe('Tagged E2E Album');
    await expect(listener.getByTestId('track-draft').first().getByLabel('Title').inputValue()).resolves.toBe(
      'Tagged Song 1',
    );
    await expectAxeClean(listener);
    const published = listener.waitForResponse(
      (response) => response.url().endsWith('/api/v1/backstage/publish') && response.status() === 201,
    );
    await listener.getByRole('button', { name: 'Publish album' }).click();
    const { album_id: albumId } = (await (await published).json()) as { album_id: number };
    await listener.getByTestId('publish-done').waitFor();

    // 4. The album edit page shows the track list in order, keyboard reorderable.
    await listener.getByRole('link', { name: 'Edit the album' }).click();
    await listener.getByRole('heading', { name: 'Edit album' }).waitFor();
    await expect.poll(() => listener.getByTestId('album-track-row').count()).toBe(3);
    await expectAxeClean(listener);

    // 5. It is in the player and plays.
    await listener.goto(`${api.url}/album/${albumId}/the-e2e-band/tagged-e2e-album`);
    await listener.getByText('Tagged Song 2').first().waitFor();
    // The play counts once half of the 4 s track was heard, reported from the album page.
    const played = listener.waitForResponse(
      (response) => /\/api\/v1\/tracks\/\d+\/plays$/.test(response.url()) && response.status() === 200,
      { timeout: 30_000 },
    );
    await listener.getByTestId('play-all').click();
    await expect
      .poll(
        () =>
          listener.evaluate(
            () =>
              (document.querySelector('[data-testid="player-audio"]') as HTMLAudioElement | null)
                ?.currentTime ?? 0,
          ),
        { timeout: 20_000 },
      )
      .toBeGreaterThan(0.5);
    const play = await played;
    expect(play.request().postDataJSON()).toMatchObject({ source: 'album' });
    expect(await play.json()).toMatchObject({ recorded: true });

    // 6. The artist opens the album's insights: the play, by device and by source.
    await listener.goto(`${api.url}/backstage/albums/${albumId}/insights`);
    await listener.getByRole('heading', { name: 'Album insights' }).waitFor();
    await listener.getByText('Tagged E2E Album').first().waitFor();
    const devices = listener.getByTestId('insights-devices');
    await devices.getByText('Show the figures as a table').click();
    await expect(devices.getByRole('row', { name: /Desktop\s+1\s+0/ }).count()).resolves.toBe(1);
    const sources = listener.getByTestId('insights-sources');
    await expect(
      sources.getByRole('img', { name: /^Sources:/ }).getAttribute('aria-label'),
    ).resolves.toContain('Album page 1');
    await sources.getByText('Show the figures as a table').click();
    await expect(sources.getByRole('row', { name: /Album page\s+1\s+0/ }).count()).resolves.toBe(1);
    await expect(
      listener.getByTestId('insights-top-tracks').getByText('Tagged Song 1').count(),
    ).resolves.toBe(1);
    await expectAxeClean(listener);
    const [download] = await Promise.all([
      listener.waitForEvent('download'),
      listener.getByRole('button', { name: 'Download CSV' }).click(),
    ]);
    const csv = readFileSync((await download.path()) as string, 'utf8');
    expect(csv).toContain('"Album page","1","0"');
    expect(csv).toContain('"Tagged Song 1","1"');
    // Another period is one choice away, and the address keeps it.
    await listener.getByLabel('Period', { exact: true }).selectOption('12m');
    await listener.waitForURL(/range=12m/);
    await listener.getByTestId('insights-plays').waitFor();

    // 7. The admin's site-wide reports: plays and visitors.
    await admin.goto(`${api.url}/admin/plays`);
    await admin.getByRole('heading', { name: 'Plays report' }).waitFor();
    await admin.getByTestId('report-top-tracks').getByText('Tagged Song 1').waitFor();
    await admin.getByTestId('report-sources').getByText('Show the figures as a table').click();
    await expect(
      admin
        .getByTestId('report-sources')
        .getByRole('row', { name: /Album page\s+1\s+0/ })
        .count(),
    ).resolves.toBe(1);
    await expectAxeClean(admin);
    // The same insights for the admin, under /admin/albums/{id}/insights.
    await admin.goto(`${api.url}/admin/albums/${albumId}/insights`);
    await admin.getByRole('heading', { name: 'Album insights' }).waitFor();
    await admin.getByTestId('insights-top-tracks').getByText('Tagged Song 1').waitFor();
    await expectAxeClean(admin);
    await admin.goto(`${api.url}/admin/visitors`);
    await admin.getByRole('heading', { name: 'Visitors report' }).waitFor();
    const pages = admin.getByTestId('report-page-kinds');
    await pages.getByText('Show the figures as a table').click();
    // The listener's album page visit was counted by the player's own beacon.
    await expect(pages.getByRole('row', { name: /Album pages\s+\d+/ }).count()).resolves.toBe(1);
    await expectAxeClean(admin);
    await listenerContext.close();
    await adminContext.close();
  }, 240_000);
});

describe('backstage: the request form at the site root (spec 2.10)', () => {
  it('answers /become-artist and /claim-artist with the form, axe clean; a request made there lands on its page', async () => {
    const context = await newContext();
    const page = await context.newPage();
    // A guest is sent to sign in first, as under /backstage.
    await page.goto(`${api.url}/become-artist`);
    await page.waitForURL((url) => url.pathname === '/login');

    await page.goto(`${api.url}/register`);
    await page.getByLabel('Email').fill('root.requester@e2e.test');
    await page.locator('input[name="password"]').fill(LISTENER.password);
    await page.locator('input[name="password_confirmation"]').fill(LISTENER.password);
    await page.getByRole('button', { name: 'Create account' }).click();
    await page.waitForURL((url) => !url.pathname.startsWith('/register'));

    await page.goto(`${api.url}/claim-artist`);
    await page.getByRole('heading', { name: 'Claim an artist profile', level: 1 }).waitFor();
    expect(await page.getByTestId('not-found-page').count()).toBe(0);
    expect(new URL(page.url()).pathname).toBe('/claim-artist');
    await expectAxeClean(page);

    await page.goto(`${api.url}/become-artist`);
    await page.getByRole('heading', { name: 'Become an artist', level: 1 }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/become-artist');
    await expectAxeClean(page);
    await page.getByLabel('Artist name').fill('The Root Band');
    await page.getByRole('button', { name: 'Submit request' }).click();
    await page.waitForURL(/\/backstage\/requests\/\d+\/request-submitted$/);
    await page.getByTestId('request-status').getByText('pending').waitFor();

    // The backstage's logo leads to its home from the root pages too.
    await page.goto(`${api.url}/claim-artist`);
    await page.getByRole('link', { name: /Backstage/ }).click();
    await page.waitForURL((url) => url.pathname === '/backstage');
    await page.getByTestId('backstage-home').waitFor();
    await context.close();
  }, 120_000);
});
