import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { CHROMIUM_PATH, launchChromium } from './browser';
import { isJavaScript, measureInitialJs, sizeFiles } from './initial-js';
import { goalRatioFor } from './player-bundle';
import { serveStatic } from './static-server';

describe('initial route JavaScript', () => {
  it('recognises JavaScript by content type or extension, not stylesheets or data', () => {
    expect(isJavaScript('http://h/assets/a.js', 'text/javascript; charset=utf-8')).toBe(true);
    expect(isJavaScript('http://h/assets/b.mjs?v=1', undefined)).toBe(true);
    expect(isJavaScript('http://h/module', 'application/javascript')).toBe(true);
    expect(isJavaScript('http://h/assets/c.css', 'text/css')).toBe(false);
    expect(isJavaScript('http://h/api/v1/tracks', 'application/json')).toBe(false);
  });

  it('sizes each file by its default-level gzip, biggest first, and names the markers it carries', () => {
    const big = Buffer.from('let x = 1;'.repeat(500) + Math.random().toString(36).repeat(40));
    const small = Buffer.from('export const a = 1;');
    const sized = sizeFiles(
      new Map([
        ['/small.js', small],
        ['/big.js', big],
      ]),
      { letx: /let x/, absent: /nowhere/ },
    );
    expect(sized.files.map((file) => file.path)).toEqual(['/big.js', '/small.js']);
    expect(sized.files.map((file) => file.markers)).toEqual([['letx'], []]);
    expect(sized.files[0]?.gzipBytes).toBe(gzipSync(big).length);
    expect(sized.rawBytes).toBe(big.length + small.length);
    expect(sized.gzipBytes).toBe(gzipSync(big).length + gzipSync(small).length);
  });

  it.skipIf(!existsSync(CHROMIUM_PATH))(
    'counts what the browser fetches until the route shows, lazy chunks included, not unused files',
    async () => {
      const dir = await mkdtemp(path.join(os.tmpdir(), 'cadence-initial-js-'));
      const server = await serveStatic(dir).catch(async (error) => {
        await rm(dir, { recursive: true, force: true });
        throw error;
      });
      const browser = await launchChromium();
      try {
        await mkdir(path.join(dir, 'assets'));
        await writeFile(
          path.join(dir, 'index.html'),
          `<link rel="modulepreload" href="/assets/shared.js"><link rel="stylesheet" href="/assets/s.css">
          <script type="module" src="/assets/index.js"></script><main></main>`,
        );
        await writeFile(
          path.join(dir, 'assets', 'index.js'),
          `import { shared } from './shared.js';
          setTimeout(() => import('./route.js').then((m) => { document.querySelector('main').innerHTML = '<h1>' + m.title + shared + '</h1>'; }), 300);
          export const unused = () => import('./other-route.js');`,
        );
        await writeFile(path.join(dir, 'assets', 'shared.js'), 'export const shared = "!";');
        await writeFile(
          path.join(dir, 'assets', 'route.js'),
          `export const title = "Home";//${'r'.repeat(5000)}`,
        );
        await writeFile(
          path.join(dir, 'assets', 'other-route.js'),
          `export const x = 1;//${'o'.repeat(5000)}`,
        );
        await writeFile(path.join(dir, 'assets', 's.css'), 'main{color:red}');
        const measured = await measureInitialJs(browser, {
          baseUrl: server.baseUrl,
          path: '/',
          isReady: (page) => page.getByRole('heading', { name: 'Home!' }).waitFor({ state: 'visible' }),
          quietMs: 300,
        });
        expect(measured.files.map((file) => file.path).sort()).toEqual([
          '/assets/index.js',
          '/assets/route.js',
          '/assets/shared.js',
        ]);
        expect(measured.rawBytes).toBeGreaterThan(5000);
      } finally {
        await browser.close();
        await server.close();
        await rm(dir, { recursive: true, force: true });
      }
    },
    30_000,
  );

  it('turns "ours <= ceiling + 70 KB" into a ceiling/ours threshold', () => {
    const ceiling = 100;
    expect(ceiling / 170).toBeGreaterThanOrEqual(goalRatioFor(ceiling));
    expect(ceiling / 171).toBeLessThan(goalRatioFor(ceiling));
  });
});
