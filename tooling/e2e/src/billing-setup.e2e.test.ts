import { type PaypalPeer, startPaypalPeer } from '@cadence/billing-peers/paypal-peer';
import { type StripePeer, startStripePeer } from '@cadence/billing-peers/stripe-peer';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RunningApi, startApi } from './api-server';
import { axeViolations } from './axe';
import { launchBrowser } from './browser';

/**
 * Issue 32 "billing setup that cannot go half-way": a fresh install with the demo seed and no
 * payment keys. The owner switching Stripe on is told which keys are missing; with the peer's keys
 * the seeded plan reaches the provider at once, and a buyer starts its checkout on the first try.
 */
const STRIPE = { secretKey: 'sk_test_setup', webhookSecret: 'whsec_setup' };
const ADMIN = { email: 'admin@e2e.test', password: 'e2e-admin-password' };
const BUYER = { email: 'first-buyer@e2e.test', password: 'buyer-password-1' };

let api: RunningApi;
let browser: Browser;
let stripe: StripePeer;
let paypal: PaypalPeer;
let admin: Page;

beforeAll(async () => {
  [stripe, paypal, browser] = await Promise.all([
    startStripePeer(STRIPE),
    startPaypalPeer({ clientId: 'paypal-setup', secret: 'paypal-setup-secret', webhookId: 'WH-SETUP' }),
    launchBrowser(),
  ]);
  api = await startApi({}, { STRIPE_API_BASE: stripe.url, PAYPAL_API_BASE: paypal.url });
}, 300_000);
afterAll(async () => {
  await browser?.close();
  await api?.stop();
  await Promise.all([stripe?.close(), paypal?.close()]);
});

async function newPage(): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  await context.addCookies([{ name: 'cookie_notice', value: 'true', url: api.url }]);
  return context.newPage();
}

async function expectAxeClean(page: Page) {
  await page.waitForTimeout(400);
  expect(await axeViolations(page), page.url()).toEqual([]);
}

describe('setting billing up', () => {
  it('an owner with no keys is told what is missing, and nothing is switched on', async () => {
    admin = await newPage();
    await admin.goto(`${api.url}/login`);
    await admin.getByLabel('Email').fill(ADMIN.email);
    await admin.getByLabel('Password').fill(ADMIN.password);
    await admin.getByRole('button', { name: 'Continue' }).click();
    await admin.waitForURL((url) => !url.pathname.startsWith('/login'));
    await admin.goto(`${api.url}/admin/settings/subscriptions`);
    const enable = admin.getByRole('checkbox', { name: 'Enable subscriptions' });
    await enable.waitFor();
    await enable.click({ force: true });
    await admin.getByRole('checkbox', { name: 'Stripe', exact: true }).click({ force: true });
    await admin.getByRole('button', { name: 'Save' }).click();
    await admin
      .getByRole('alert')
      .filter({ hasText: 'Stripe cannot be enabled without its secret key and webhook signing secret.' })
      .waitFor({ timeout: 30_000 });
    await admin.getByText('Enter the Stripe secret key to enable Stripe.').waitFor();
    const secret = admin.getByLabel('Secret key');
    const describedBy = (await secret.getAttribute('aria-describedby')) ?? '';
    const help = await Promise.all(
      describedBy.split(' ').map((id) => admin.locator(`[id="${id}"]`).textContent()),
    );
    expect(help.join(' ')).toContain('Enter the Stripe secret key to enable Stripe.');
    await expectAxeClean(admin);
    const stored = await admin.evaluate(async () => (await fetch('/api/v1/settings')).json());
    expect(stored.client.billing.enable).toBe(false);
  });

  it("with the peer's keys, switching billing on syncs the seeded plan", async () => {
    await admin.getByLabel('Secret key').fill(STRIPE.secretKey);
    await admin.getByLabel('Webhook signing secret').fill(STRIPE.webhookSecret);
    await admin.getByRole('button', { name: 'Save' }).click();
    await admin.getByText('Saved settings', { exact: true }).first().waitFor({ timeout: 30_000 });

    await admin.goto(`${api.url}/admin/plans`);
    await admin.getByRole('link', { name: 'Pro Unlimited' }).waitFor();
    expect(await admin.getByTestId('plan-seed-note').count()).toBe(2);
    expect(await admin.getByRole('button', { name: 'Sync now' }).count()).toBe(0);
    await expectAxeClean(admin);
  });

  it('a buyer starts the checkout of the seeded plan on the first try', async () => {
    const buyer = await newPage();
    await buyer.goto(`${api.url}/pricing`);
    await buyer.getByRole('heading', { name: 'Pro Unlimited' }).waitFor();
    expect(await buyer.locator('body').textContent()).not.toContain('demo seed');
    await buyer.goto(`${api.url}/register`);
    await buyer.getByLabel('Email').fill(BUYER.email);
    await buyer.locator('input[name="password"]').fill(BUYER.password);
    await buyer.locator('input[name="password_confirmation"]').fill(BUYER.password);
    await buyer.getByRole('button', { name: 'Create account' }).click();
    await buyer.waitForURL((url) => url.pathname !== '/register');
    await buyer.goto(`${api.url}/pricing`);
    await buyer
      .getByTestId('plan-card')
      .filter({ has: buyer.getByRole('heading', { name: 'Pro Unlimited', exact: true }) })
      .getByRole('link', { name: 'Upgrade' })
      .click();
    await buyer.getByRole('heading', { name: 'Checkout' }).waitFor();
    // PayPal is off: only the method that can complete is offered.
    expect(await buyer.getByRole('button', { name: 'Pay with PayPal' }).count()).toBe(0);
    await buyer.getByRole('button', { name: 'Pay by card' }).click();
    await buyer.waitForURL((url) => url.href.startsWith(stripe.url), { timeout: 30_000 });
  });
});
