import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { E2E_ADMIN } from './api-env';
import { type RunningApi, startApi } from './api-server';
import { expectNoAxeViolations } from './axe';
import { launchBrowser } from './browser';

/**
 * Issue 32 item 1: the admin and the backstage on a phone (390 px), a small tablet (768 px) and a
 * laptop (1366 px). Below 1024 px the navigation is a drawer behind the top bar's menu button,
 * opened by keyboard or mouse, focus kept inside it, closed by Escape (focus back on the button)
 * or by following a link (focus on the new page); from 1024 px it is a sidebar. No page scrolls
 * sideways, tables scroll inside their box, the current settings tab is on screen, and axe finds
 * nothing at any width, with the drawer open or closed.
 */
const ADMIN = E2E_ADMIN;
const WIDTHS = [
  { width: 390, height: 844 },
  { width: 768, height: 1024 },
  { width: 1366, height: 768 },
] as const;

let api: RunningApi;
let browser: Browser;

async function login(page: Page) {
  await page.goto(`${api.url}/login`);
  await page.getByLabel('Email').fill(ADMIN.email);
  await page.getByLabel('Password').fill(ADMIN.password);
  await page.getByRole('button', { name: 'Continue' }).click();
  await page.waitForURL((url) => url.pathname !== '/login');
}

/** axe measures colours as drawn: wait for the network and for entrance animations to finish. */
async function settle(page: Page) {
  await page.waitForLoadState('networkidle');
  await page.waitForFunction(() =>
    document
      .getAnimations()
      .every(
        (animation) =>
          animation.playState !== 'running' || animation.effect?.getTiming().iterations === Infinity,
      ),
  );
}

async function audit(page: Page, where: string) {
  await settle(page);
  await expectNoAxeViolations(page, where);
  // The page scrolls inside <main>: neither it nor the document may be wider than the screen.
  const overflow = await page.evaluate(() => {
    const main = document.querySelector('main');
    const inMain = main ? main.scrollWidth - main.clientWidth : 0;
    return Math.max(document.documentElement.scrollWidth - window.innerWidth, inMain);
  });
  expect(overflow, `${where} scrolls sideways`).toBeLessThanOrEqual(0);
}

const activeTag = (page: Page) =>
  page.evaluate(() => {
    const active = document.activeElement;
    return active
      ? `${active.tagName.toLowerCase()}${active.getAttribute('aria-label') ? `[${active.getAttribute('aria-label')}]` : ''}`
      : '';
  });

const focusIsIn = (page: Page, selector: string) =>
  page.evaluate((selector) => !!document.activeElement?.closest(selector), selector);

/**
 * The drawer round trip below 1024 px: keyboard open, Tab stays inside, Escape gives the focus
 * back; mouse open, a link navigates, the drawer closes and the focus is on the page.
 */
async function drawerRoundTrip(
  page: Page,
  o: { area: string; navLabel: string; link: string; path: RegExp },
) {
  const sidebar = page.getByTestId(`${o.area}-sidebar`);
  expect(await sidebar.isVisible()).toBe(false);
  const button = page.getByRole('button', { name: 'Open navigation' });
  await expect.poll(() => button.getAttribute('aria-expanded')).toBe('false');

  await button.focus();
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: o.navLabel });
  await dialog.waitFor();
  expect(await button.getAttribute('aria-expanded')).toBe('true');
  await expect.poll(() => focusIsIn(page, '[role="dialog"]')).toBe(true);
  const links = await page.getByTestId(`${o.area}-drawer`).getByRole('link').count();
  for (let step = 0; step < links + 3; step += 1) {
    await page.keyboard.press('Tab');
    expect(await focusIsIn(page, '[role="dialog"]'), `Tab ${step + 1} left the drawer`).toBe(true);
  }
  await settle(page);
  await expectNoAxeViolations(page, `${o.area} drawer open`);
  await page.keyboard.press('Escape');
  await dialog.waitFor({ state: 'detached' });
  await expect.poll(() => activeTag(page)).toBe('button[Open navigation]');

  await button.click();
  await dialog.waitFor();
  await page.getByTestId(`${o.area}-drawer`).getByRole('link', { name: o.link, exact: true }).click();
  await page.waitForURL(o.path);
  await dialog.waitFor({ state: 'detached' });
  await expect.poll(() => activeTag(page)).toBe('main');
}

beforeAll(async () => {
  [api, browser] = await Promise.all([startApi(), launchBrowser()]);
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await api?.stop();
});

describe.each(WIDTHS)('admin and backstage at $width px', (viewport) => {
  let page: Page;
  const isDrawer = viewport.width < 1024;

  beforeAll(async () => {
    const context = await browser.newContext({ viewport });
    await context.addCookies([{ name: 'cookie_notice', value: 'true', url: api.url }]);
    page = await context.newPage();
    await login(page);
  });

  afterAll(async () => {
    await page?.context().close();
  });

  it('reaches the admin pages through its navigation', async () => {
    await page.goto(`${api.url}/admin/users`);
    await page.getByRole('heading', { name: 'Users', level: 1 }).waitFor();
    await audit(page, `admin users at ${viewport.width}`);
    if (isDrawer) {
      await drawerRoundTrip(page, {
        area: 'admin',
        navLabel: 'Admin',
        link: 'Settings',
        path: /\/admin\/settings$/,
      });
    } else {
      expect(await page.getByRole('button', { name: 'Open navigation' }).isVisible()).toBe(false);
      await page.getByTestId('admin-sidebar').getByRole('link', { name: 'Settings', exact: true }).click();
      await page.waitForURL(/\/admin\/settings$/);
    }
    await page.getByRole('heading', { name: 'Settings', level: 1 }).waitFor();
    await audit(page, `admin settings at ${viewport.width}`);
  });

  it('keeps the current settings tab on screen, labelled as the spec names it', async () => {
    await page.goto(`${api.url}/admin/settings/providers`);
    const tab = page
      .getByRole('navigation', { name: 'Settings sections' })
      .getByRole('link', { name: 'Providers' });
    await expect.poll(() => tab.getAttribute('aria-current')).toBe('page');
    await settle(page);
    const box = await tab.boundingBox();
    expect(box).not.toBeNull();
    expect(box?.x ?? -1).toBeGreaterThanOrEqual(0);
    expect((box?.x ?? 0) + (box?.width ?? 0)).toBeLessThanOrEqual(viewport.width);
    expect((box?.y ?? 0) + (box?.height ?? 0)).toBeLessThanOrEqual(viewport.height);
    await audit(page, `admin settings providers at ${viewport.width}`);
  });

  it('shows lists and forms without the page scrolling sideways', async () => {
    await page.goto(`${api.url}/admin/tracks`);
    await page.getByRole('table').waitFor();
    await audit(page, `admin tracks at ${viewport.width}`);
    // A table wider than its box scrolls inside it, and that box takes the keyboard focus.
    const region = page.getByRole('region', { name: 'Tracks' });
    if (await region.count()) {
      await region.focus();
      await page.keyboard.press('ArrowRight');
      await expect.poll(() => region.evaluate((box) => box.scrollLeft)).toBeGreaterThan(0);
    }
    await page.goto(`${api.url}/admin/roles/new`);
    await page.getByRole('textbox').first().waitFor();
    await audit(page, `admin new role at ${viewport.width}`);
    await page.goto(`${api.url}/admin`);
    await page.getByRole('main').getByRole('heading', { level: 1 }).first().waitFor();
    await audit(page, `admin dashboard at ${viewport.width}`);
  });

  it('reaches the backstage pages through its own navigation', async () => {
    await page.goto(`${api.url}/backstage`);
    await page.getByTestId('backstage-home').waitFor();
    await audit(page, `backstage home at ${viewport.width}`);
    if (isDrawer) {
      await drawerRoundTrip(page, {
        area: 'backstage',
        navLabel: 'Backstage',
        link: 'Upload',
        path: /\/backstage\/upload$/,
      });
    } else {
      const sidebar = page.getByTestId('backstage-sidebar');
      for (const name of ['Home', 'Upload', 'New track', 'New album', 'Requests']) {
        await sidebar.getByRole('link', { name, exact: true }).waitFor();
      }
      await sidebar.getByRole('link', { name: 'Upload', exact: true }).click();
      await page.waitForURL(/\/backstage\/upload$/);
    }
    await page.getByRole('heading', { name: 'Upload', level: 1 }).waitFor();
    await audit(page, `backstage upload at ${viewport.width}`);
    await page.goto(`${api.url}/backstage/requests`);
    await page.getByRole('heading', { name: 'Artist requests' }).waitFor();
    await audit(page, `backstage requests at ${viewport.width}`);
  });
});
