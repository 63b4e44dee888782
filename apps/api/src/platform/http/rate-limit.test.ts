import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app';
import { isUnlimited } from './rate-limit';

let t: TestApp;
let staticDir: string;

beforeAll(async () => {
  staticDir = await mkdtemp(path.join(os.tmpdir(), 'cadence-rate-'));
  const dist = path.join(staticDir, 'player', 'dist');
  await mkdir(path.join(dist, 'assets'), { recursive: true });
  await writeFile(
    path.join(dist, 'index.html'),
    '<!doctype html><html><head><!--bootstrap-data--></head></html>',
  );
  await writeFile(path.join(dist, 'assets', 'app-abc123.js'), 'console.log(1);');
  t = await createTestApp({ env: { STATIC_DIR: staticDir, RATE_LIMIT_MAX: '5' } });
});
afterAll(async () => {
  await t?.close();
  await rm(staticDir, { recursive: true, force: true });
});

describe('the per-address rate limit', () => {
  it('leaves the apps build files and the probes out, and nothing else', () => {
    for (const url of [
      '/assets/app-abc123.js',
      '/admin/assets/x.css',
      '/backstage/assets/y.js',
      '/health',
      '/ready',
    ])
      expect(isUnlimited(url), url).toBe(true);
    for (const url of [
      '/api/v1/albums/1',
      '/',
      '/album/1/a/b',
      '/storage/x.png',
      '/assets',
      '/x/assets/y.js',
    ])
      expect(isUnlimited(url), url).toBe(false);
  });

  it('answers 429 past the limit on the api while build files keep coming', async () => {
    for (let index = 0; index < 12; index += 1)
      expect((await t.app.inject({ url: '/assets/app-abc123.js' })).statusCode).toBe(200);
    const statuses: number[] = [];
    for (let index = 0; index < 5; index += 1)
      statuses.push((await t.app.inject({ url: '/api/v1/value-lists/countries' })).statusCode);
    expect(statuses).not.toContain(429);
    const limited = await t.app.inject({ url: '/api/v1/value-lists/countries' });
    expect(limited.statusCode).toBe(429);
    expect(limited.json().message).toBe('Too many requests. Please try again later.');
    expect((await t.app.inject({ url: '/assets/app-abc123.js' })).statusCode).toBe(200);
  });
});
