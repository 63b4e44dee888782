import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { chmodSync, cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort, type RunningApi, startApi } from './api-server';
import { launchBrowser } from './browser';

/**
 * Issue 21: the built admin served by nginx (deploy/static, the split deployment's files) on its
 * own origin, the api on another. Two ports of 127.0.0.1 are two origins of one site, which is
 * the shape of api.example.com + admin.example.com with SESSION_COOKIE_DOMAIN=example.com.
 */
const repo = join(dirname(fileURLToPath(import.meta.url)), '..', '..', '..');
let api: RunningApi;
let browser: Browser;
let nginx: ChildProcess;
let adminOrigin: string;
let work: string;
let foreign: Server;
let foreignUrl: string;

async function startNginx(port: number, apiUrl: string): Promise<ChildProcess> {
  work = mkdtempSync(join(tmpdir(), 'cadence-nginx-'));
  // nginx's workers drop to an unprivileged user when the test runs as root: they must read it.
  chmodSync(work, 0o755);
  const html = join(work, 'html');
  mkdirSync(html);
  cpSync(join(repo, 'apps', 'admin', 'dist'), join(html, 'admin'), { recursive: true });
  // The container's entrypoint step, run as the image runs it.
  const written = spawnSync('sh', [join(repo, 'deploy', 'static', '40-cadence-api-url.sh')], {
    env: { ...process.env, API_URL: apiUrl, CADENCE_HTML_ROOT: html },
    encoding: 'utf8',
  });
  if (written.status !== 0) throw new Error(written.stderr);
  const server = readFileSync(join(repo, 'deploy', 'static', 'admin.conf'), 'utf8')
    .replace('listen 80;', `listen 127.0.0.1:${port};`)
    .replace('root /usr/share/nginx/html;', `root ${html};`);
  const temp = (name: string) => `${name}_temp_path ${join(work, name)};`;
  writeFileSync(
    join(work, 'nginx.conf'),
    `daemon off; pid ${join(work, 'nginx.pid')}; error_log ${join(work, 'error.log')} warn;
events {}
http {
  include /etc/nginx/mime.types;
  access_log off;
  ${['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'].map(temp).join('\n  ')}
  ${server}
}`,
  );
  const child = spawn('nginx', ['-p', work, '-e', join(work, 'error.log'), '-c', join(work, 'nginx.conf')], {
    stdio: 'ignore',
  });
  const deadline = Date.now() + 10_000;
  while (Date.now() < deadline) {
    try {
      if ((await fetch(`http://127.0.0.1:${port}/admin/`)).ok) return child;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`nginx did not start: ${readFileSync(join(work, 'error.log'), 'utf8')}`);
}

/** A call from the page, the way the apps make it: credentials included, XSRF echoed. */
function callFromPage(page: Page, url: string, method: string, body?: unknown) {
  return page.evaluate(
    async ({ url, method, body }) => {
      const xsrf = document.cookie.match(/(?:^|; )XSRF-TOKEN=([^;]*)/)?.[1] ?? '';
      try {
        const response = await fetch(url, {
          method,
          credentials: 'include',
          headers: { 'content-type': 'application/json', 'x-xsrf-token': decodeURIComponent(xsrf) },
          body: body === undefined ? undefined : JSON.stringify(body),
        });
        return { status: response.status, body: await response.text() };
      } catch (error) {
        return { status: 0, body: String(error) };
      }
    },
    { url, method, body },
  );
}

beforeAll(async () => {
  const nginxPort = await freePort();
  adminOrigin = `http://127.0.0.1:${nginxPort}`;
  [api, browser] = await Promise.all([startApi({}, { ADMIN_URL: `${adminOrigin}/admin` }), launchBrowser()]);
  nginx = await startNginx(nginxPort, api.url);
  // A site the product does not know (another host name: another site as well as origin).
  foreign = createServer((_request, response) => {
    response.setHeader('content-type', 'text/html; charset=utf-8');
    response.end('<!doctype html><html lang="en"><title>elsewhere</title><body>elsewhere</body></html>');
  });
  await new Promise<void>((resolve) => foreign.listen(0, '127.0.0.1', resolve));
  foreignUrl = `http://localhost:${(foreign.address() as AddressInfo).port}/`;
});

afterAll(async () => {
  await browser?.close();
  await api?.stop();
  if (nginx && nginx.exitCode === null) {
    const exited = new Promise((resolve) => nginx.once('exit', resolve));
    nginx.kill('SIGTERM');
    await exited;
  }
  if (foreign) await new Promise((resolve) => foreign.close(resolve));
  if (work) rmSync(work, { recursive: true, force: true });
});

describe('the admin on its own origin', () => {
  it('signs in, saves a setting the player sees, refuses a foreign origin, and one logout ends it everywhere', async () => {
    const context = await browser.newContext();
    const page = await context.newPage();

    // A guest opening the admin is sent to the player's sign-in page (on the api's origin)...
    await page.goto(`${adminOrigin}/admin/`);
    await page.waitForURL(`${api.url}/login**`);
    await page.getByLabel('Email').fill('admin@e2e.test');
    await page.getByLabel('Password').fill('e2e-admin-password');
    await page.getByRole('button', { name: 'Continue' }).click();
    // ...and lands back on the admin's own origin, signed in (bootstrap data fetched across origins).
    await page.waitForURL(`${adminOrigin}/admin**`);
    // The overview's figures need the admin's session: their arrival proves the cross-origin sign-in.
    await page.getByTestId('admin-dashboard').getByText('New sign-ups').first().waitFor();

    const saved = await callFromPage(page, `${api.url}/api/v1/settings`, 'POST', {
      client: { 'uploads.blocked_extensions': ['split-origin'] },
    });
    expect(saved.status).toBe(200);

    const player = await context.newPage();
    await player.goto(`${api.url}/`);
    const blocked = await player.evaluate(
      () =>
        (window as unknown as { bootstrapData: { settings: { uploads: { blocked_extensions: string[] } } } })
          .bootstrapData.settings.uploads.blocked_extensions,
    );
    expect(blocked).toEqual(['split-origin']);

    // Another site: its page cannot read the api's answers nor write with the admin's cookies.
    const evil = await context.newPage();
    await evil.goto(foreignUrl);
    const read = await callFromPage(evil, `${api.url}/api/v1/bootstrap-data`, 'GET');
    expect(read.status).toBe(0);
    const write = await callFromPage(evil, `${api.url}/api/v1/settings`, 'POST', {
      client: { 'uploads.blocked_extensions': ['owned'] },
    });
    expect(write.status).toBe(0);

    // Logging out on the admin's origin ends the session for the player too.
    const out = await callFromPage(page, `${api.url}/auth/logout`, 'POST', {});
    expect(out.status).toBeLessThan(300);
    await player.reload();
    const user = await player.evaluate(
      () => (window as unknown as { bootstrapData: { user: unknown } }).bootstrapData.user,
    );
    expect(user).toBeNull();
    const settings = (await (await fetch(`${api.url}/api/v1/bootstrap-data`)).json()) as {
      bootstrapData: { settings: { uploads: { blocked_extensions: string[] } } };
    };
    expect(settings.bootstrapData.settings.uploads.blocked_extensions).toEqual(['split-origin']);
    await context.close();
  });
});
