import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RunningApi, startApi } from './api-server';
import { expectNoAxeViolations } from './axe';
import { launchBrowser } from './browser';

/**
 * The Content-Security-Policy in a real browser: no page of the product trips it, signed out or
 * in, and only the embeds can be framed by another site.
 */
let api: RunningApi;
let browser: Browser;
let foreign: Server;
let foreignUrl: string;
let embedPath: string;

beforeAll(async () => {
  [api, browser] = await Promise.all([startApi(), launchBrowser()]);
  const tracks = (await (await fetch(`${api.url}/api/v1/tracks?perPage=1`)).json()) as {
    pagination: { data: { id: number }[] };
  };
  const trackId = tracks.pagination.data[0]?.id ?? 1;
  embedPath = `/track/${trackId}/a-song/embed`;
  // Another origin (another port) that tries to frame the product's pages.
  foreign = createServer((_request, response) => {
    response.setHeader('content-type', 'text/html; charset=utf-8');
    response.end(`<!doctype html><html><body>
      <iframe id="login" src="${api.url}/login"></iframe>
      <iframe id="admin" src="${api.url}/admin"></iframe>
      <iframe id="embed" src="${api.url}${embedPath}"></iframe>
    </body></html>`);
  });
  await new Promise<void>((resolve) => foreign.listen(0, '127.0.0.1', resolve));
  foreignUrl = `http://localhost:${(foreign.address() as AddressInfo).port}/`;
});

afterAll(async () => {
  await browser?.close();
  await api?.stop();
  await new Promise((resolve) => foreign?.close(resolve));
});

async function recordViolations(context: BrowserContext): Promise<void> {
  await context.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { cspViolations: string[] }).cspViolations = seen;
    document.addEventListener('securitypolicyviolation', (event) => {
      seen.push(`${event.violatedDirective} ${event.blockedURI} ${event.sourceFile}`);
    });
  });
}

async function violationsOn(page: Page, path: string): Promise<string[]> {
  await page.goto(`${api.url}${path}`, { waitUntil: 'networkidle' });
  return page.evaluate(() => (window as unknown as { cspViolations: string[] }).cspViolations);
}

describe('Content-Security-Policy in Chromium', () => {
  it('no page trips the policy, signed out or signed in as an admin', async () => {
    const pages = ['/', '/login', '/register', '/search/a', embedPath, '/admin', '/backstage'];
    const signedOut = await browser.newContext();
    await recordViolations(signedOut);
    const guestPage = await signedOut.newPage();
    for (const path of pages)
      expect({ path, violations: await violationsOn(guestPage, path) }).toEqual({ path, violations: [] });
    await signedOut.close();

    const signedIn = await browser.newContext();
    await recordViolations(signedIn);
    const login = await signedIn.request.post(`${api.url}/auth/login`, {
      data: { email: 'admin@e2e.test', password: 'e2e-admin-password' },
    });
    expect(login.status()).toBe(200);
    const adminPage = await signedIn.newPage();
    for (const path of [...pages, '/library', '/account-settings']) {
      expect({ path, violations: await violationsOn(adminPage, path) }).toEqual({ path, violations: [] });
    }
    await signedIn.close();
  });

  it('the API reference at /api-docs renders under the policy', { timeout: 120_000 }, async () => {
    const context = await browser.newContext();
    await recordViolations(context);
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    // Scalar's bundle carries zod, which probes once whether it may compile validators
    // (`try { Function('') } catch`) and validates without when the policy says no: reported, harmless.
    const isEvalProbe = (violation: string) =>
      /^script-src eval \S+\/api-docs\/js\/scalar\.js$/.test(violation);
    const violations = await violationsOn(page, '/api-docs');
    expect(violations.filter((violation) => !isEvalProbe(violation))).toEqual([]);
    // Scalar's start-up script ran: the reference shows the document and its operations (an
    // empty #app when the policy blocks it).
    await page
      .waitForFunction(
        () => document.querySelector('#app')?.textContent?.includes('Liveness'),
        undefined,
        // A 4 MB bundle rendering a long document: slow on a loaded two-core machine.
        { timeout: 60_000 },
      )
      .catch(async (error) => {
        const shown = await page.evaluate(() => document.body.textContent?.slice(0, 2000));
        throw new Error(`the API reference did not render: ${error}\n${shown}`);
      });
    expect(errors).toEqual([]);
    // What is ours is the document around the reference (its language, title); Scalar's own
    // markup inside #app fails button-name, color-contrast and target-size, which only Scalar can fix.
    await expectNoAxeViolations(page, '/api-docs', ['#app']);
    await context.close();
  });

  it('another site cannot frame /login or /admin, and can frame an embed', async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    await page.goto(foreignUrl, { waitUntil: 'networkidle' });
    const frameOf = async (id: string) => (await page.$(`#${id}`))?.contentFrame();
    const embed = await frameOf('embed');
    await expect
      .poll(async () => embed?.evaluate(() => document.querySelector('#root')?.childElementCount ?? 0))
      .toBeGreaterThan(0);
    for (const id of ['login', 'admin']) {
      const frame = await frameOf(id);
      // A refused frame holds Chromium's error page, never the product's document.
      const hasApp = await frame?.evaluate(() => !!document.querySelector('#root')).catch(() => false);
      expect({ id, hasApp }).toEqual({ id, hasApp: false });
    }
    await context.close();
  });
});
