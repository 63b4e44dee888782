import type { Browser, BrowserContext, Frame, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { E2E_ADMIN } from './api-env';
import { type RunningApi, startApi } from './api-server';
import { expectNoAxeViolations } from './axe';
import { launchBrowser } from './browser';

/**
 * Issue 13, first half, as an admin would do it: the appearance editor's changes show in its
 * preview before saving and reach a guest after; a menu item limited to a role shows for that
 * role only; an ad's script runs in its own frame without reaching the site's cookies or the
 * editor's preview (a message from another origin is ignored).
 */
const ADMIN = E2E_ADMIN;
const LISTENER = { email: 'menu.listener@e2e.test', password: 'listener-pass-1' };

let api: RunningApi;
let browser: Browser;
let adminContext: BrowserContext;
let admin: Page;

const poll = <T>(read: () => T | Promise<T>) => expect.poll(read, { timeout: 20_000, interval: 200 });

async function login(page: Page, email: string, password: string) {
  await page.goto(`${api.url}/login`);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Continue' }).click();
  await page.waitForURL((url) => url.pathname !== '/login');
}

/**
 * The editor's own page; the player in its preview frame is audited by the player's tests (its
 * content is whatever the admin previews, colours included).
 */
async function audit(page: Page, name: string) {
  await page.waitForLoadState('networkidle');
  await page.mouse.move(1, 1);
  // Colours mid-transition (the Save button turning on) would be measured half-way.
  await poll(() =>
    page.evaluate(() => document.getAnimations().filter((a) => a.playState === 'running').length),
  ).toBe(0);
  await page
    .locator('[role="status"][data-type]')
    .waitFor({ state: 'detached', timeout: 10_000 })
    .catch(() => {});
  await expectNoAxeViolations(page, name, ['[data-testid="appearance-preview"]']);
}

/** The editor's preview frame, once the player in it has rendered. */
async function preview(page: Page): Promise<Frame> {
  await page.getByTestId('appearance-preview').waitFor();
  let frame: Frame | undefined;
  await poll(() => {
    frame = page.frames().find((candidate) => candidate.url().includes('appearanceEditor=true'));
    return frame !== undefined;
  }).toBe(true);
  const found = frame as Frame;
  await found.waitForSelector('#root *');
  return found;
}

const cssVariable = (target: Page | Frame, name: string) =>
  target.evaluate(
    (variable) => getComputedStyle(document.documentElement).getPropertyValue(variable).trim(),
    name,
  );

async function save(page: Page) {
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await page.getByText('Appearance saved').waitFor();
}

describe('appearance editor, menus and ads in the browser', () => {
  beforeAll(async () => {
    api = await startApi();
    browser = await launchBrowser();
    adminContext = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    admin = await adminContext.newPage();
    await login(admin, ADMIN.email, ADMIN.password);
  });

  afterAll(async () => {
    await browser?.close();
    await api?.stop();
  });

  it('shows a new primary colour and font in the preview before saving, and to a guest after', async () => {
    const guest = await (await browser.newContext()).newPage();
    await guest.goto(`${api.url}/`);
    await guest.waitForSelector('#root *');
    const guestPrimary = await cssVariable(guest, '--be-primary');
    expect(guestPrimary).not.toBe('255 176 0');

    await admin.goto(`${api.url}/admin/appearance`);
    await preview(admin);
    await audit(admin, 'appearance-sections');
    await admin.getByRole('link', { name: /Themes/ }).click();
    await admin.getByRole('list', { name: 'Themes' }).waitFor();
    await audit(admin, 'appearance-themes');
    // The first theme is what a guest without a choice gets.
    await admin.getByRole('list', { name: 'Themes' }).getByRole('link').first().click();
    await admin.getByLabel('Primary', { exact: true }).fill('#ffb000');
    const frame = await preview(admin);
    await poll(() => cssVariable(frame, '--be-primary')).toBe('255 176 0');
    await audit(admin, 'appearance-theme');

    await admin.getByRole('link', { name: 'Font' }).click();
    await admin.getByLabel('Font family').selectOption({ label: 'Georgia' });
    await poll(() => frame.evaluate(() => getComputedStyle(document.body).fontFamily)).toContain('Georgia');
    await audit(admin, 'appearance-theme-font');

    // Not saved yet: the guest still sees the old look.
    await guest.reload();
    await guest.waitForSelector('#root *');
    expect(await cssVariable(guest, '--be-primary')).toBe(guestPrimary);

    await save(admin);
    await guest.reload();
    await guest.waitForSelector('#root *');
    await poll(() => cssVariable(guest, '--be-primary')).toBe('255 176 0');
    expect(await guest.evaluate(() => getComputedStyle(document.body).fontFamily)).toContain('Georgia');
    await guest.context().close();
  });

  it('has no accessibility violation on any other section of the editor', async () => {
    const sections: [string, string][] = [
      ['general', 'General'],
      ['seo-settings', 'SEO'],
      ['custom-code', 'Custom code'],
      ['themes/0/radius', 'Radius'],
      ['landing-page', 'Landing page'],
      ['landing-page/general', 'General'],
      ['landing-page/action-buttons', 'Action buttons'],
      ['landing-page/primary-features', 'Primary features'],
      ['landing-page/secondary-features', 'Secondary features'],
    ];
    for (const [path, heading] of sections) {
      await admin.goto(`${api.url}/admin/appearance/${path}`);
      await admin.getByRole('heading', { level: 1, name: heading }).waitFor();
      await audit(admin, `appearance-${path}`);
    }
  });

  it('on a phone shows the editor or the preview full height, switched from the header', async () => {
    await admin.setViewportSize({ width: 390, height: 844 });
    try {
      await admin.goto(`${api.url}/admin/appearance`);
      const switcher = admin.getByTestId('appearance-panel-switch');
      await switcher.waitFor();
      // The editor first: its sections fill the screen, the preview waits behind the switch.
      await admin.getByRole('link', { name: /Themes/ }).waitFor();
      expect(await admin.getByTestId('appearance-preview').isVisible()).toBe(false);
      await audit(admin, 'appearance-phone-editor');

      await switcher.getByRole('radio', { name: 'Preview' }).click();
      await preview(admin);
      const box = await admin.getByTestId('appearance-preview').boundingBox();
      expect(box?.height ?? 0).toBeGreaterThan(700);
      expect(await admin.getByRole('link', { name: /Themes/ }).isVisible()).toBe(false);
      await audit(admin, 'appearance-phone-preview');

      await switcher.getByRole('radio', { name: 'Edit' }).click();
      await admin.getByRole('link', { name: /Themes/ }).waitFor();
    } finally {
      await admin.setViewportSize({ width: 1280, height: 800 });
    }
  });

  it('refuses to log out inside the preview, without a request', async () => {
    await admin.goto(`${api.url}/admin/appearance`);
    const frame = await preview(admin);
    const logouts: string[] = [];
    admin.on('request', (request) => {
      if (request.url().includes('/auth/logout')) logouts.push(request.url());
    });
    await frame.getByTestId('user-menu-trigger').click();
    await frame.getByRole('menuitem', { name: 'Log out' }).click();
    await frame.getByText("Can't logout while in appearance editor.").waitFor();
    expect(logouts).toEqual([]);
    // Still signed in, in both.
    await admin.goto(`${api.url}/admin/appearance`);
    await preview(admin);
  });

  it('adds a menu item limited to a role, shown only to people with that role', async () => {
    await admin.goto(`${api.url}/admin/appearance/menus`);
    await admin.getByRole('list', { name: 'Menus' }).waitFor();
    await audit(admin, 'appearance-menus');
    await admin.getByRole('link', { name: /^Primary/ }).click();
    await admin.getByRole('checkbox', { name: 'sidebar-primary' }).waitFor();
    await audit(admin, 'appearance-menu');
    await admin.getByRole('button', { name: 'Add item' }).click();
    await admin.getByLabel('Label').fill('Members lounge');
    await admin.getByLabel('Route').fill('/members-lounge');
    // The roles' checkboxes draw their own box over the native input: press the label.
    await admin.getByRole('group', { name: 'Roles' }).getByText('users', { exact: true }).click();
    await poll(() => admin.getByRole('checkbox', { name: 'users', exact: true }).isChecked()).toBe(true);
    await audit(admin, 'appearance-menu-item');

    // Back in the menu the new item is last: drag it first, then move it from the keyboard.
    await admin.getByRole('link', { name: 'Primary' }).first().click();
    const rows = admin.getByTestId('sortable-row');
    await poll(() => rows.last().textContent()).toContain('Members lounge');
    const handle = admin.getByRole('button', { name: 'Reorder Members lounge' });
    await handle.dragTo(rows.first());
    await poll(() => rows.first().textContent()).toContain('Members lounge');
    await handle.focus();
    await admin.keyboard.press('End');
    await poll(() => rows.last().textContent()).toContain('Members lounge');
    await admin.keyboard.press('Home');
    await poll(() => rows.first().textContent()).toContain('Members lounge');
    await admin.keyboard.press('ArrowDown');
    await poll(() => rows.nth(1).textContent()).toContain('Members lounge');
    await admin.keyboard.press('ArrowUp');
    await poll(() => rows.first().textContent()).toContain('Members lounge');
    await save(admin);

    const guest = await (await browser.newContext()).newPage();
    await guest.goto(`${api.url}/`);
    await guest.getByTestId('sidebar-primary').waitFor();
    await guest.getByTestId('sidebar-primary').getByRole('link').first().waitFor();
    expect(await guest.getByTestId('sidebar-primary').textContent()).not.toContain('Members lounge');
    await guest.context().close();

    // A new account gets the default "users" role.
    const listener = await (await browser.newContext()).newPage();
    await listener.goto(`${api.url}/register`);
    await listener.getByLabel('Email').fill(LISTENER.email);
    await listener.locator('input[name="password"]').fill(LISTENER.password);
    await listener.locator('input[name="password_confirmation"]').fill(LISTENER.password);
    await listener.getByRole('button', { name: 'Create account' }).click();
    await listener.getByTestId('user-menu-trigger').waitFor();
    const sidebar = listener.getByTestId('sidebar-primary');
    await poll(() => sidebar.getByRole('link').first().textContent()).toBe('Members lounge');
    await listener.context().close();
  });

  it("runs an ad's script inside its own frame, away from the site's cookies and the editor", async () => {
    await admin.goto(`${api.url}/admin/ads`);
    await admin.getByLabel('General top').waitFor();
    await audit(admin, 'ads');
    const adCode = [
      '<div id="ad" style="height:60px">waiting</div>',
      '<script>',
      "var read; try { read = 'cookies:' + document.cookie; } catch (error) { read = 'cookies blocked'; }",
      "var page; try { page = 'page:' + parent.document.title; } catch (error) { page = 'page blocked'; }",
      "document.getElementById('ad').textContent = 'ran | ' + read + ' | ' + page;",
      // Pretends to be the editor: the player must ignore it (another origin, not its parent).
      "parent.postMessage({ source: 'be-appearance-editor', type: 'setThemeValue', themeId: 1, name: '--be-primary', value: '1 2 3' }, '*');",
      '</script>',
    ].join('\n');
    await admin.getByLabel('General top').fill(adCode);
    await admin.getByRole('button', { name: 'Save' }).click();
    await admin.getByText('Saved').first().waitFor();

    const page = await (await browser.newContext()).newPage();
    await login(page, ADMIN.email, ADMIN.password);
    await page.goto(`${api.url}/`);
    expect(await page.evaluate(() => document.cookie)).toContain('XSRF-TOKEN');
    const slot = page.getByTestId('ad-frame-general_top');
    await slot.waitFor();
    expect(await slot.getAttribute('sandbox')).toBe(
      'allow-scripts allow-popups allow-popups-to-escape-sandbox',
    );
    const adFrame = page.frames().find((frame) => frame.url().includes('/api/v1/ads/general_top/frame'));
    expect(adFrame).toBeDefined();
    await poll(() => adFrame?.locator('#ad').textContent()).toBe('ran | cookies blocked | page blocked');
    // Sized to its content (60 px), not a fixed box.
    await poll(async () => Math.round((await slot.boundingBox())?.height ?? 0)).toBe(60);
    const before = await cssVariable(page, '--be-primary');
    expect(before).not.toBe('1 2 3');

    // In the editor's preview the ad's fake editor message changes nothing either.
    await admin.goto(`${api.url}/admin/appearance`);
    const frame = await preview(admin);
    await frame.getByTestId('ad-frame-general_top').waitFor();
    await poll(() =>
      frame
        .childFrames()
        .find((child) => child.url().includes('/ads/general_top/frame'))
        ?.locator('#ad')
        .textContent(),
    ).toContain('ran');
    await admin.waitForTimeout(500);
    expect(await cssVariable(frame, '--be-primary')).not.toBe('1 2 3');
    await page.context().close();
  });
});
