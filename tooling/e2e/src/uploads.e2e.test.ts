import { createHash, randomBytes } from 'node:crypto';
import { closeSync, createReadStream, mkdtempSync, openSync, rmSync, writeSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { E2E_ADMIN as ADMIN } from './api-env';
import { startApi } from './api-server';
import { launchBrowser } from './browser';
import { type RunningProcess, startS3rver } from './s3-peer';

const MB = 1024 * 1024;

/** A WAV header and random samples: typed as audio by its bytes, incompressible. */
function writeWav(path: string, size: number): void {
  const header = Buffer.alloc(44);
  header.write('RIFF', 0);
  header.writeUInt32LE(size - 8, 4);
  header.write('WAVEfmt ', 8);
  header.writeUInt32LE(16, 16);
  header.writeUInt16LE(1, 20);
  header.writeUInt16LE(2, 22);
  header.writeUInt32LE(44_100, 24);
  header.writeUInt32LE(44_100 * 4, 28);
  header.writeUInt16LE(4, 32);
  header.writeUInt16LE(16, 34);
  header.write('data', 36);
  header.writeUInt32LE(size - 44, 40);
  const fd = openSync(path, 'w');
  writeSync(fd, header);
  let left = size - 44;
  while (left > 0) {
    const chunk = randomBytes(Math.min(left, 4 * MB));
    writeSync(fd, chunk);
    left -= chunk.length;
  }
  closeSync(fd);
}

async function sha256OfFile(path: string): Promise<string> {
  const hash = createHash('sha256');
  for await (const chunk of createReadStream(path)) hash.update(chunk as Buffer);
  return hash.digest('hex');
}

type Entry = { id: number; name: string; file_size: number };

/** Every file entry the page created, from the api's answers (form, tus or s3 entries). */
function collectEntries(page: Page): Entry[] {
  const entries: Entry[] = [];
  page.on('response', async (response) => {
    const request = response.request();
    if (request.method() !== 'POST' || response.status() !== 200) return;
    if (!/\/api\/v1\/(file-entries|tus\/entries|s3\/entries)$/.test(new URL(response.url()).pathname)) return;
    const body = (await response.json().catch(() => null)) as { fileEntry?: Entry } | null;
    if (body?.fileEntry) entries.push(body.fileEntry);
  });
  return entries;
}

/** The entry's bytes as the api serves them (S3 disks redirect to a presigned URL), hashed. */
async function sha256OfEntry(context: BrowserContext, apiUrl: string, id: number): Promise<string> {
  const cookies = await context.cookies(apiUrl);
  const response = await fetch(`${apiUrl}/api/v1/file-entries/${id}`, {
    headers: { cookie: cookies.map((cookie) => `${cookie.name}=${cookie.value}`).join('; ') },
  });
  expect(response.status).toBe(200);
  const hash = createHash('sha256');
  const reader = response.body?.getReader();
  for (;;) {
    const chunk = await reader?.read();
    if (!chunk || chunk.done) break;
    hash.update(chunk.value);
  }
  return hash.digest('hex');
}

async function loginAsAdmin(page: Page, apiUrl: string): Promise<void> {
  await page.goto(`${apiUrl}/login`);
  await page.getByLabel('Email').fill(ADMIN.email);
  await page.getByLabel('Password').fill(ADMIN.password);
  await page.getByRole('button', { name: 'Continue' }).click();
  await page.waitForURL((url) => url.pathname.startsWith('/admin'));
}

const row = (page: Page, name: string) => page.locator('li[data-status]', { hasText: name });

/**
 * Polls the row's progress bar until the upload completes; returns every percentage seen. Fails
 * on a failed upload with its message.
 */
async function watchUntilDone(page: Page, name: string, timeoutMs: number): Promise<number[]> {
  const seen: number[] = [];
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const status = await row(page, name).getAttribute('data-status');
    if (status === 'completed') return seen;
    if (status === 'failed')
      throw new Error(`upload of ${name} failed: ${await row(page, name).textContent()}`);
    const value = await row(page, name)
      .getByRole('progressbar')
      .getAttribute('aria-valuenow', { timeout: 200 })
      .catch(() => null);
    if (value !== null) seen.push(Number(value));
    await page.waitForTimeout(50);
  }
  throw new Error(`upload of ${name} did not finish within ${timeoutMs} ms (saw ${seen.join(', ')})`);
}

async function pick(page: Page, files: string[]): Promise<void> {
  await page.locator('[data-testid=backstage-upload] input[type=file]').setInputFiles(files);
}

let browser: Browser;
let files: string;
let small: string;
let large: string;
let smallSha: string;
let largeSha: string;

beforeAll(async () => {
  files = mkdtempSync(join(tmpdir(), 'cadence-e2e-files-'));
  small = join(files, 'six-megabytes.wav');
  large = join(files, 'one-fifty-megabytes.wav');
  writeWav(small, 6 * MB);
  writeWav(large, 150 * MB);
  [smallSha, largeSha, browser] = await Promise.all([
    sha256OfFile(small),
    sha256OfFile(large),
    launchBrowser(),
  ]);
});

afterAll(async () => {
  await browser?.close();
  if (files) rmSync(files, { recursive: true, force: true });
});

describe('backstage uploads on the local disk', () => {
  let api: RunningProcess;
  beforeAll(async () => {
    api = await startApi();
  });
  afterAll(async () => api?.stop());

  it('uploads a picked 6 MB and 150 MB file (tus) with progress and stores the same bytes', async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    const entries = collectEntries(page);
    await loginAsAdmin(page, api.url);
    await page.goto(`${api.url}/backstage/upload`);
    await page.getByRole('heading', { name: 'Upload' }).waitFor();

    const tusPatch = page.waitForRequest(
      (request) => request.method() === 'PATCH' && request.url().includes('/tus/upload/'),
    );
    await pick(page, [small, large]);
    await tusPatch;
    const [, seen] = await Promise.all([
      watchUntilDone(page, 'six-megabytes.wav', 60_000),
      watchUntilDone(page, 'one-fifty-megabytes.wav', 60_000),
    ]);
    expect(seen.some((value) => value > 0 && value < 100)).toBe(true);
    expect(seen).toEqual([...seen].sort((a, b) => a - b));
    await expect.poll(() => entries.length).toBe(2);
    await expect(row(page, 'six-megabytes.wav').textContent()).resolves.toContain('Uploaded');
    await page.getByText('2 of 2 uploaded').waitFor();

    const bySize = new Map(entries.map((entry) => [entry.file_size, entry]));
    expect(await sha256OfEntry(context, api.url, bySize.get(6 * MB)?.id ?? 0)).toBe(smallSha);
    expect(await sha256OfEntry(context, api.url, bySize.get(150 * MB)?.id ?? 0)).toBe(largeSha);
    await context.close();
  }, 90_000);
});

describe('backstage uploads straight to an S3-compatible bucket', () => {
  let s3: Awaited<ReturnType<typeof startS3rver>>;
  let api: RunningProcess;
  beforeAll(async () => {
    s3 = await startS3rver();
    api = await startApi({ 'uploads.s3_direct_upload': 'true' }, s3.env);
  });
  afterAll(async () => {
    await api?.stop();
    await s3?.stop();
  });

  it('uploads 6 MB (presigned) and 150 MB (multipart, cancelled then retried) with matching bytes', async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    const entries = collectEntries(page);
    const partPuts: string[] = [];
    page.on('request', (request) => {
      if (request.method() === 'PUT' && request.url().startsWith(s3.url)) partPuts.push(request.url());
    });
    await loginAsAdmin(page, api.url);
    await page.goto(`${api.url}/backstage/upload`);
    await page.getByRole('heading', { name: 'Upload' }).waitFor();

    await pick(page, [small]);
    await watchUntilDone(page, 'six-megabytes.wav', 30_000);
    expect(partPuts.some((url) => !url.includes('partNumber='))).toBe(true);

    await pick(page, [large]);
    // Cancel once some of the parts are in the bucket.
    await expect
      .poll(() => partPuts.filter((url) => url.includes('partNumber=')).length, { timeout: 30_000 })
      .toBeGreaterThan(1);
    await page.getByRole('button', { name: 'Cancel upload of one-fifty-megabytes.wav' }).click();
    await expect.poll(() => row(page, 'one-fifty-megabytes.wav').getAttribute('data-status')).toBe('aborted');
    await expect(row(page, 'one-fifty-megabytes.wav').textContent()).resolves.toContain('Cancelled');
    expect(entries.map((entry) => entry.name)).not.toContain('one-fifty-megabytes.wav');

    await page.getByRole('button', { name: 'Retry upload of one-fifty-megabytes.wav' }).click();
    const seen = await watchUntilDone(page, 'one-fifty-megabytes.wav', 90_000);
    expect(seen.some((value) => value > 0 && value < 100)).toBe(true);
    await expect.poll(() => entries.length).toBe(2);

    const bySize = new Map(entries.map((entry) => [entry.file_size, entry]));
    const smallEntry = bySize.get(6 * MB);
    const largeEntry = bySize.get(150 * MB);
    expect(smallEntry && largeEntry).toBeTruthy();
    expect(await sha256OfEntry(context, api.url, smallEntry?.id ?? 0)).toBe(smallSha);
    expect(await sha256OfEntry(context, api.url, largeEntry?.id ?? 0)).toBe(largeSha);
    await context.close();
  }, 150_000);
});
