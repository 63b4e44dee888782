import { type PaypalPeer, startPaypalPeer } from '@cadence/billing-peers/paypal-peer';
import { type StripePeer, startStripePeer } from '@cadence/billing-peers/stripe-peer';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RunningApi, startApi } from './api-server';
import { launchBrowser } from './browser';
import { ADMIN, expectSettledAndClean, JOURNEY_WIDTHS, newPage, register, signIn } from './journey-steps';

/**
 * Issue 32 "billing setup that cannot go half-way", at a phone's and a laptop's width: a fresh
 * install with the demo seed and no payment keys. The owner switching Stripe on is told which keys
 * are missing; with the peer's keys the seeded plan reaches the provider at once, and a buyer
 * starts its checkout on the first try. One server for both widths: each width starts from
 * billing off and no keys (put back through the settings API).
 */
const STRIPE = { secretKey: 'sk_test_setup', webhookSecret: 'whsec_setup' };

let api: RunningApi;
let browser: Browser;
let stripe: StripePeer;
let paypal: PaypalPeer;

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

/** Billing off, Stripe off, its keys gone: the state of a fresh install. */
async function switchBillingOff(page: Page) {
  const status = await page.evaluate(async () => {
    const xsrf = decodeURIComponent(/(?:^|; )XSRF-TOKEN=([^;]+)/.exec(document.cookie)?.[1] ?? '');
    const response = await fetch('/api/v1/settings', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'X-XSRF-TOKEN': xsrf },
      body: JSON.stringify({
        server: { stripe_secret: '', stripe_webhook_secret: '' },
        client: { billing: { enable: false, stripe: { enable: false } } },
      }),
    });
    return response.status;
  });
  expect(status).toBe(200);
}

describe.each(JOURNEY_WIDTHS)('setting billing up at $width px', (viewport) => {
  let admin: Page;

  afterAll(async () => {
    await admin?.context().close();
  });

  it('an owner with no keys is told what is missing, and nothing is switched on', async () => {
    admin = await newPage(browser, api, viewport);
    await signIn(admin, api, ADMIN);
    await admin.goto(`${api.url}/admin`);
    await switchBillingOff(admin);
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
    await expectSettledAndClean(admin, `subscriptions settings refused at ${viewport.width}`);
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
    await expectSettledAndClean(admin, `plans at ${viewport.width}`);
  });

  it('a buyer starts the checkout of the seeded plan on the first try', async () => {
    const buyer = await newPage(browser, api, viewport);
    await buyer.goto(`${api.url}/pricing`);
    await buyer.getByRole('heading', { name: 'Pro Unlimited' }).waitFor();
    expect(await buyer.locator('body').textContent()).not.toContain('demo seed');
    await expectSettledAndClean(buyer, `pricing at ${viewport.width}`);
    await register(buyer, api, {
      email: `first-buyer-${viewport.width}@e2e.test`,
      password: 'buyer-password-1',
    });
    await buyer.goto(`${api.url}/pricing`);
    await buyer
      .getByTestId('plan-card')
      .filter({ has: buyer.getByRole('heading', { name: 'Pro Unlimited', exact: true }) })
      .getByRole('link', { name: 'Upgrade' })
      .click();
    await buyer.getByRole('heading', { name: 'Checkout' }).waitFor();
    // PayPal is off: only the method that can complete is offered.
    expect(await buyer.getByRole('button', { name: 'Pay with PayPal' }).count()).toBe(0);
    await expectSettledAndClean(buyer, `checkout at ${viewport.width}`);
    await buyer.getByRole('button', { name: 'Pay by card' }).click();
    await buyer.waitForURL((url) => url.href.startsWith(stripe.url), { timeout: 30_000 });
    await buyer.context().close();
  });
});
