import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RunningApi, startApi } from './api-server';
import { expectNoAxeViolations } from './axe';
import { launchBrowser } from './browser';
import { ADMIN, makeSong, newPage, signIn } from './journey-steps';

/**
 * Issue 32, "drafts survive": a file uploaded on /backstage/upload is a draft on the server, so a
 * reload lists it again (with the title the user typed); deleting it, once confirmed, deletes the
 * uploaded file.
 */
let api: RunningApi;
let browser: Browser;
let page: Page;
let files: string;

beforeAll(async () => {
  files = mkdtempSync(join(tmpdir(), 'cadence-upload-drafts-'));
  [api, browser] = await Promise.all([startApi(), launchBrowser()]);
  page = await newPage(browser, api);
  await signIn(page, api, ADMIN);
}, 180_000);

afterAll(async () => {
  await browser?.close();
  await api?.stop();
  if (files) rmSync(files, { recursive: true, force: true });
});

describe('backstage upload drafts in the browser', () => {
  it('keeps an uploaded draft across a reload, with its edit, and deletes it with its file', async () => {
    await page.goto(`${api.url}/backstage/upload`);
    await page.getByTestId('backstage-upload').waitFor();
    const created = page.waitForResponse(
      (response) =>
        response.url().endsWith('/api/v1/backstage/drafts') &&
        response.request().method() === 'POST' &&
        response.status() === 200,
    );
    await page
      .locator('[data-testid=backstage-upload] input[type=file]')
      .setInputFiles([makeSong(files, { file: 'draft-song.mp3', title: 'Kept Overnight' })]);
    const { draft } = (await (await created).json()) as { draft: { id: number; file_entry_id: number } };
    const row = page.getByTestId('track-draft');
    await expect.poll(() => row.count(), { timeout: 60_000 }).toBe(1);
    await expect(row.getByLabel('Title').inputValue()).resolves.toBe('Kept Overnight');

    // The edit is saved as the user types (debounced), not on publish.
    const saved = page.waitForResponse(
      (response) => response.url().includes(`/api/v1/backstage/drafts/${draft.id}`) && response.ok(),
    );
    await row.getByLabel('Title').fill('Kept Overnight (demo)');
    await saved;

    await page.reload();
    await page.getByTestId('backstage-upload').waitFor();
    await expect.poll(() => row.count(), { timeout: 30_000 }).toBe(1);
    await expect(row.getByLabel('Title').inputValue()).resolves.toBe('Kept Overnight (demo)');
    await expectNoAxeViolations(page);

    const deleted = page.waitForResponse(
      (response) => response.url().includes(`/api/v1/backstage/drafts/${draft.id}`) && response.ok(),
    );
    await row.getByRole('button', { name: 'Delete Kept Overnight (demo)' }).click();
    // Asked first; Cancel keeps it, Delete deletes it.
    const dialog = page.getByRole('alertdialog', { name: 'Delete Kept Overnight (demo)?' });
    await dialog.waitFor();
    await expectNoAxeViolations(page, 'delete draft dialog');
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'detached' });
    expect(await row.count()).toBe(1);
    await row.getByRole('button', { name: 'Delete Kept Overnight (demo)' }).click();
    await dialog.getByRole('button', { name: 'Delete' }).click();
    await deleted;
    await expect.poll(() => row.count()).toBe(0);
    // The uploaded audio went with it.
    const file = await page.request.get(`${api.url}/api/v1/file-entries/${draft.file_entry_id}`);
    expect(file.status()).toBe(404);

    await page.reload();
    await page.getByTestId('backstage-upload').waitFor();
    await page.waitForLoadState('networkidle');
    expect(await row.count()).toBe(0);
  }, 180_000);
});
