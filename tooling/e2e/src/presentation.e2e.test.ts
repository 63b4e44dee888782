import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RunningApi, startApi } from './api-server';
import { expectNoAxeViolations } from './axe';
import { launchBrowser } from './browser';
import { startSmtpPeer } from './smtp-peer';

/**
 * Issue 13, site presentation: a custom page holding a corpus of XSS vectors runs none of them
 * at /pages/{slug}; the admin's custom pages editor; the contact form mailed through the SMTP
 * peer; the album embed names what it plays. Every page is axe-clean.
 */
const CONTACT_ADDRESS = 'team@e2e.test';
let api: RunningApi;
let browser: Browser;
let smtp: Awaited<ReturnType<typeof startSmtpPeer>>;

const poll = <T>(read: () => T | Promise<T>) => expect.poll(read, { timeout: 20_000, interval: 200 });

/** Each vector, if it ran, would record itself in `window.__xss` (or open a dialog). */
const XSS_CORPUS = [
  '<script>window.__xss.push("script")</script>',
  '<img src="x" onerror="window.__xss.push(\'img-onerror\')">',
  '<a id="js-link" href="javascript:window.__xss.push(\'js-href\')">a javascript link</a>',
  '<a href="JaVaScRiPt:window.__xss.push(\'js-case\')">mixed case</a>',
  '<a href="&#106;avascript:window.__xss.push(\'js-entity\')">entity</a>',
  '<svg onload="window.__xss.push(\'svg\')"><circle r="1"/></svg>',
  '<iframe src="javascript:parent.__xss.push(\'iframe\')"></iframe>',
  '<iframe srcdoc="<script>parent.__xss.push(\'srcdoc\')</script>"></iframe>',
  '<p onclick="window.__xss.push(\'onclick\')" style="background:url(javascript:alert(1))">click me</p>',
  '<details open ontoggle="window.__xss.push(\'details\')"><summary>s</summary></details>',
  '<form action="javascript:window.__xss.push(\'form\')"><button id="xss-submit">go</button></form>',
  '<math><mtext><table><mglyph><style><img src=x onerror="window.__xss.push(\'mxss\')"></style></mglyph></table></mtext></math>',
  '<object data="data:text/html,<script>parent.__xss.push(\'object\')</script>"></object>',
  '<embed src="data:text/html,<script>parent.__xss.push(\'embed\')</script>">',
  '<body onload="window.__xss.push(\'body\')">',
  '<input autofocus onfocus="window.__xss.push(\'autofocus\')">',
  '<video><source onerror="window.__xss.push(\'video\')"></video>',
  '<noscript><p title="</noscript><img src=x onerror=window.__xss.push(\'noscript\')>"></p></noscript>',
  '<a href="data:text/html,<script>alert(1)</script>">data link</a>',
  '<meta http-equiv="refresh" content="0;url=javascript:window.__xss.push(\'meta\')">',
  '<base href="javascript:window.__xss.push(\'base\')//">',
  '<link rel="stylesheet" href="javascript:window.__xss.push(\'link\')">',
  '<style>@import "javascript:alert(1)";</style>',
  '<p>Safe text with a <a href="https://example.com/ok">real link</a>.</p>',
].join('\n');

async function login(page: Page, email: string, password: string) {
  await page.goto(`${api.url}/login`);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Continue' }).click();
  await page.waitForURL((url) => url.pathname !== '/login');
}

/** An api call from the signed-in page, with its XSRF pair. */
function call<T>(page: Page, method: string, path: string, body?: unknown): Promise<T> {
  return page.evaluate(
    async ({ method, path, body }) => {
      const xsrf = decodeURIComponent(document.cookie.match(/XSRF-TOKEN=([^;]+)/)?.[1] ?? '');
      const response = await fetch(`/api/v1/${path}`, {
        method,
        headers: { 'Content-Type': 'application/json', Accept: 'application/json', 'X-XSRF-TOKEN': xsrf },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${await response.text()}`);
      return response.json();
    },
    { method, path, body },
  ) as Promise<T>;
}

async function settle(page: Page) {
  await page.waitForLoadState('networkidle');
  await page.mouse.move(1, 1);
  await page
    .locator('[role="status"][data-type]')
    .waitFor({ state: 'detached', timeout: 10_000 })
    .catch(() => {});
}

beforeAll(async () => {
  smtp = await startSmtpPeer();
  api = await startApi({ 'mail.contact_page_address': CONTACT_ADDRESS }, { MAIL_URL: smtp.url });
  browser = await launchBrowser();
}, 180_000);

afterAll(async () => {
  await browser?.close();
  await api?.stop();
  await smtp?.close();
});

describe('custom pages', () => {
  it('lets the admin create a page in the editor, and runs no vector of an XSS corpus at /pages/{slug}', async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    const admin = await context.newPage();
    await login(admin, 'admin@e2e.test', 'e2e-admin-password');

    await admin.goto(`${api.url}/admin/custom-pages`);
    await admin.getByRole('link', { name: 'Privacy Policy' }).waitFor();
    await settle(admin);
    await expectNoAxeViolations(admin, '/admin/custom-pages');

    await admin.getByRole('link', { name: 'Add page' }).click();
    await admin.getByLabel('Title').first().fill('Editor made page');
    const editor = admin.getByTestId('rich-text-editor');
    await editor.click();
    await admin.keyboard.type('Written in the editor.');
    await admin.getByRole('button', { name: 'Heading', exact: true }).click();
    await admin.getByLabel('Meta description').fill('A page made in the browser test.');
    await settle(admin);
    await expectNoAxeViolations(admin, '/admin/custom-pages/new');
    await admin.getByRole('button', { name: 'Create' }).click();
    await admin.waitForURL(/\/admin\/custom-pages\/\d+\/edit$/);
    await settle(admin);
    await expectNoAxeViolations(admin, '/admin/custom-pages/{id}/edit');

    const made = await call<{ page: { slug: string; body: string } }>(
      admin,
      'GET',
      'custom-pages/editor-made-page',
    );
    expect(made.page.body).toContain('<h2>Written in the editor.</h2>');

    const { page } = await call<{ page: { id: number; slug: string } }>(admin, 'POST', 'custom-pages', {
      title: 'XSS corpus',
      slug: 'xss-corpus',
      body: XSS_CORPUS,
    });

    // A guest opens it, with a trap for anything that runs.
    const guestContext = await browser.newContext();
    await guestContext.addInitScript(() => {
      (window as unknown as { __xss: string[] }).__xss = [];
    });
    const guest = await guestContext.newPage();
    const dialogs: string[] = [];
    guest.on('dialog', (dialog) => {
      dialogs.push(dialog.message());
      void dialog.dismiss();
    });
    for (const path of [`/pages/${page.slug}`, `/pages/${page.id}/${page.slug}`]) {
      await guest.goto(`${api.url}${path}`);
      await guest.getByRole('heading', { name: 'XSS corpus', level: 1 }).waitFor();
      await guest.getByRole('link', { name: 'real link' }).waitFor();
      // Give anything deferred (error events, toggles, autofocus) its chance, and press what could be pressed.
      await guest
        .locator('p', { hasText: 'click me' })
        .click()
        .catch(() => {});
      await guest
        .getByText('a javascript link')
        .click()
        .catch(() => {});
      await guest.waitForTimeout(500);
      expect(await guest.evaluate(() => (window as unknown as { __xss: string[] }).__xss)).toEqual([]);
      expect(new URL(guest.url()).pathname).toBe(path);
      const body = await guest.getByTestId('custom-page-body').innerHTML();
      expect(body).not.toMatch(
        /<script|onerror|onload|onclick|javascript:|<iframe|<object|<embed|<svg|<form/i,
      );
    }
    expect(dialogs).toEqual([]);
    await settle(guest);
    await expectNoAxeViolations(guest, '/pages/xss-corpus');

    // The seeded footer pages, and the not-found page for a missing one.
    await guest.goto(`${api.url}/pages/privacy-policy`);
    await guest.getByRole('heading', { name: 'Privacy Policy' }).waitFor();
    await expect(guest.getByTestId('custom-page-body').textContent()).resolves.toContain('replace this text');
    await settle(guest);
    await expectNoAxeViolations(guest, '/pages/privacy-policy');
    await guest.goto(`${api.url}/pages/no-such-page`);
    await guest.getByText("Looks like you've found the doorway to the great nothing").waitFor();
    await guestContext.close();
    await context.close();
  }, 180_000);
});

describe('contact page', () => {
  it('shows field errors, sends the message to the contact address and goes home with the toast', async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    const page = await context.newPage();
    await page.goto(`${api.url}/contact`);
    const form = page.getByTestId('contact-page');
    await form.waitFor();
    expect((await form.boundingBox())?.width).toBeLessThanOrEqual(620);
    expect(await page.getByLabel('Message').getAttribute('rows')).toBe('8');
    await settle(page);
    await expectNoAxeViolations(page, '/contact');

    await page.getByRole('button', { name: 'Send' }).click();
    await poll(() => page.getByText('This field is required.').count()).toBe(3);
    await expectNoAxeViolations(page, '/contact with errors');

    await page.getByLabel('Name').fill('Ada Listener');
    await page.getByLabel('Email').fill('ada@example.com');
    await page.getByLabel('Message').fill('Hello from the contact form.\nSecond line.');
    await page.getByRole('button', { name: 'Send' }).click();
    await page.getByText('Your message has been submitted.').waitFor();
    await poll(() => new URL(page.url()).pathname).toBe('/');
    const mail = await smtp.waitForMail(CONTACT_ADDRESS);
    expect(mail).toContain('ada@example.com');
    expect(mail).toContain('Hello from the contact form.');
    await context.close();
  }, 120_000);
});

describe('embeds', () => {
  it('the album embed names the album and its artist in text', async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    const response = await page.request.get(`${api.url}/api/v1/albums?perPage=1`, {
      headers: { accept: 'application/json' },
    });
    const album = (await response.json()).pagination.data[0] as {
      id: number;
      name: string;
      artists: { name: string }[];
    };
    await page.goto(`${api.url}/album/${album.id}/a/b/embed`);
    const heading = page.getByRole('heading', { level: 1 });
    await poll(() => heading.textContent()).toBe(album.name);
    await expect(page.getByTestId('embed-player').textContent()).resolves.toContain(
      album.artists[0]?.name ?? '',
    );
    await settle(page);
    await expectNoAxeViolations(page, 'album embed');
    await context.close();
  });
});
