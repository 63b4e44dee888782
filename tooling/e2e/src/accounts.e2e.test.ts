import { createHmac } from 'node:crypto';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RunningApi, startApi } from './api-server';
import { launchBrowser } from './browser';
import { startSmtpPeer } from './smtp-peer';

/** RFC 6238 TOTP (SHA-1, 6 digits, 30 s), computed from the setup key the page shows. */
function totp(base32Secret: string, now = Date.now()): string {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';
  let bits = '';
  for (const char of base32Secret.replace(/=+$/, '').toUpperCase()) {
    bits += alphabet.indexOf(char).toString(2).padStart(5, '0');
  }
  const key = Buffer.from(bits.match(/.{8}/g)?.map((byte) => Number.parseInt(byte, 2)) ?? []);
  const counter = Buffer.alloc(8);
  counter.writeBigUInt64BE(BigInt(Math.floor(now / 1000 / 30)));
  const digest = createHmac('sha1', key).update(counter).digest();
  const offset = (digest.at(-1) ?? 0) & 0xf;
  const value = digest.readUInt32BE(offset) & 0x7fffffff;
  return String(value % 1_000_000).padStart(6, '0');
}

const USER_EMAIL = 'listener@e2e.test';
const USER_PASSWORD = 'listener-password-1';

let api: RunningApi;
let browser: Browser;
let smtp: Awaited<ReturnType<typeof startSmtpPeer>>;

async function login(page: Page, email: string, password: string) {
  await page.goto(`${api.url}/login`);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Continue' }).click();
}

async function logout(page: Page) {
  await page.getByTestId('user-menu-trigger').click();
  await page.getByRole('menuitem', { name: 'Log out' }).click();
  await page.waitForURL(`${api.url}/login`);
}

describe('accounts in the browser', () => {
  beforeAll(async () => {
    smtp = await startSmtpPeer();
    // startApi hands its own environment to the api process.
    process.env.MAIL_URL = smtp.url;
    process.env.MAIL_FROM = 'Cadence <no-reply@e2e.test>';
    api = await startApi({ require_email_confirmation: 'true' });
    browser = await launchBrowser();
  });

  afterAll(async () => {
    await browser?.close();
    await api?.stop();
    await smtp?.close();
  });

  it('registers, verifies the mailed code, logs out and in, edits the account, enables two factor and signs in with a recovery code', async () => {
    const context = await browser.newContext();
    const page = await context.newPage();

    await page.goto(`${api.url}/register`);
    await page.getByRole('heading', { name: 'Create a new account' }).waitFor();
    await page.getByLabel('Email').fill(USER_EMAIL);
    await page.locator('input[name="password"]').fill(USER_PASSWORD);
    await page.locator('input[name="password_confirmation"]').fill(USER_PASSWORD);
    await page.getByRole('button', { name: 'Create account' }).click();

    await page.getByRole('heading', { name: 'Verify your email' }).waitFor();
    await page.getByText('Enter the verification code we sent to li****@e2e.test').waitFor();
    const mail = await smtp.waitForMail(USER_EMAIL);
    const code = /verification code: (\d{6})/.exec(mail)?.[1];
    expect(code).toMatch(/^\d{6}$/);
    await page.getByLabel('Code').fill(code ?? '');
    await page.getByRole('button', { name: 'Next' }).click();
    await page.getByTestId('user-menu-trigger').waitFor();

    await logout(page);
    await login(page, USER_EMAIL, USER_PASSWORD);
    await page.waitForURL(`${api.url}/`);
    const cookies = await context.cookies();
    const session = cookies.find((cookie) => cookie.name === 'cadence_session');
    // "Stay signed in for a month" is on by default: a persistent cookie, not a browser-session one.
    expect(session?.expires ?? -1).toBeGreaterThan(Date.now() / 1000 + 20 * 24 * 3600);

    await page.goto(`${api.url}/account-settings`);
    const details = page.getByTestId('panel-account-details');
    await details.getByLabel('Name', { exact: true }).fill('Listener Renamed');
    await details.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Updated account details').waitFor();
    await expect(page.getByTestId('user-menu-trigger').textContent()).resolves.toContain('Listener Renamed');

    const twoFactor = page.getByTestId('panel-two-factor');
    await twoFactor.getByRole('button', { name: 'Enable' }).click();
    const confirm = page.getByRole('dialog', { name: 'Confirm password' });
    await confirm.getByLabel('Password').fill(USER_PASSWORD);
    await confirm.getByRole('button', { name: 'Confirm' }).click();
    const secret = (await twoFactor.getByTestId('two-factor-secret').textContent()) ?? '';
    await twoFactor.getByLabel('Code').fill(totp(secret));
    await twoFactor.getByRole('button', { name: 'Confirm' }).click();
    await twoFactor.getByTestId('two-factor-step-enabled').waitFor();
    const recoveryCodes = (await twoFactor.getByTestId('recovery-codes').locator('li').allTextContents()).map(
      (c) => c.trim(),
    );
    expect(recoveryCodes[0]).toHaveLength(21);

    await logout(page);
    await login(page, USER_EMAIL, USER_PASSWORD);
    await page.getByTestId('two-factor-challenge').waitFor();
    await page.getByRole('button', { name: 'Use recovery code instead' }).click();
    await page.getByLabel('Recovery code').fill(recoveryCodes[0] ?? '');
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.waitForURL(`${api.url}/`);
    await page.getByTestId('user-menu-trigger').waitFor();

    // A second browser signed in as the same user, then logged out from the first one.
    const other = await browser.newContext();
    const otherPage = await other.newPage();
    await login(otherPage, USER_EMAIL, USER_PASSWORD);
    await otherPage.getByTestId('two-factor-challenge').waitFor();
    await otherPage.getByRole('button', { name: 'Use recovery code instead' }).click();
    await otherPage.getByLabel('Recovery code').fill(recoveryCodes[1] ?? '');
    await otherPage.getByRole('button', { name: 'Continue' }).click();
    await otherPage.waitForURL(`${api.url}/`);

    await page.goto(`${api.url}/account-settings`);
    const sessions = page.getByTestId('panel-sessions');
    await sessions.getByText('This device').waitFor();
    await expect(sessions.getByTestId('session-item').count()).resolves.toBeGreaterThanOrEqual(2);
    await sessions.getByRole('button', { name: 'Log out other sessions' }).click();
    const passwordDialog = page.getByRole('dialog', { name: 'Confirm password' });
    await passwordDialog.getByLabel('Password').fill(USER_PASSWORD);
    await passwordDialog.getByRole('button', { name: 'Confirm' }).click();
    await page.getByText('Logged out other sessions.').waitFor();
    const otherMe = await otherPage.evaluate(() =>
      fetch('/api/v1/users/me').then((response) => response.status),
    );
    expect(otherMe).toBe(401);
    await other.close();

    await page.getByTestId('panel-delete-account').getByRole('button', { name: 'Delete account' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Delete' }).click();
    await page.getByText('Account deleted').waitFor();
    await page.waitForURL(`${api.url}/login`);
    const refused = page.waitForResponse((response) => response.url().endsWith('/auth/login'));
    await login(page, USER_EMAIL, USER_PASSWORD);
    expect((await refused).status()).toBe(422);
    await page.locator('input[name="email"][aria-invalid="true"]').waitFor();
    expect(page.url()).toBe(`${api.url}/login`);
    await context.close();
  });

  it('lands an admin on /admin, and creates, uses and deletes an API token', async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    await login(page, 'admin@e2e.test', 'e2e-admin-password');
    await page.waitForURL((url) => url.pathname.startsWith('/admin'));

    await page.goto(`${api.url}/account-settings`);
    const tokens = page.getByTestId('panel-developers');
    await tokens.getByRole('button', { name: 'Create token' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Token name').fill('e2e token');
    await dialog.getByRole('button', { name: 'Create' }).click();
    const plain = await dialog.getByTestId('plain-text-token').inputValue();
    await page.getByText('Token create').waitFor();
    const me = await fetch(`${api.url}/api/v1/users/me`, {
      headers: { Authorization: `Bearer ${plain}`, Accept: 'application/json' },
    });
    expect(me.status).toBe(200);
    await dialog.getByRole('button', { name: 'Done' }).click();

    await tokens.getByText('e2e token').waitFor();
    await tokens.getByRole('button', { name: 'Delete' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Delete' }).click();
    await page.getByText('Token deleted').waitFor();
    const after = await fetch(`${api.url}/api/v1/users/me`, {
      headers: { Authorization: `Bearer ${plain}`, Accept: 'application/json' },
    });
    expect(after.status).toBe(401);
    await context.close();
  });
});
