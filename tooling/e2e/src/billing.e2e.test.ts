import { type PaypalPeer, startPaypalPeer } from '@cadence/billing-peers/paypal-peer';
import { type StripePeer, startStripePeer } from '@cadence/billing-peers/stripe-peer';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { E2E_ADMIN } from './api-env';
import { type RunningApi, startApi } from './api-server';
import { axeViolations } from './axe';
import { launchBrowser } from './browser';
import { apiCall as call } from './journey-steps';

/**
 * Billing end to end in Chromium: the built api with both provider peers (the same peers the api
 * tests use), plans made in /admin/plans, a guest buying a yearly plan by card through the Stripe
 * peer's hosted page, plan change, cancel and renew, a failed renewal sent as a signed webhook, a
 * second listener paying with the PayPal peer, /admin/subscriptions, /admin/billing/webhooks, and
 * billing switched off.
 */
const STRIPE = { secretKey: 'sk_test_e2e', webhookSecret: 'whsec_e2e' };
const PAYPAL = { clientId: 'paypal-e2e', secret: 'paypal-e2e-secret', webhookId: 'WH-E2E' };
const ADMIN = E2E_ADMIN;
const BUYER = { email: 'buyer@e2e.test', password: 'buyer-password-1' };
const WALLET = { email: 'wallet@e2e.test', password: 'wallet-password-1' };

let api: RunningApi;
let browser: Browser;
let stripe: StripePeer;
let paypal: PaypalPeer;
let admin: Page;
let buyer: Page;
const contexts: BrowserContext[] = [];
type Plan = { id: number; prices: { id: number; interval: string }[] };
let gold: Plan;
let silver: Plan;

beforeAll(async () => {
  [stripe, paypal, browser] = await Promise.all([
    startStripePeer(STRIPE),
    startPaypalPeer(PAYPAL),
    launchBrowser(),
  ]);
  api = await startApi(
    { 'billing.enable': 'true', 'billing.stripe.enable': 'true', 'billing.paypal.enable': 'true' },
    {
      SEED_DEMO_CATALOGUE: 'false',
      STRIPE_SECRET: STRIPE.secretKey,
      STRIPE_WEBHOOK_SECRET: STRIPE.webhookSecret,
      STRIPE_API_BASE: stripe.url,
      PAYPAL_CLIENT_ID: PAYPAL.clientId,
      PAYPAL_SECRET: PAYPAL.secret,
      PAYPAL_WEBHOOK_ID: PAYPAL.webhookId,
      PAYPAL_API_BASE: paypal.url,
    },
  );
  stripe.setWebhookUrl(`${api.url}/api/v1/billing/webhooks/stripe`);
  paypal.setWebhookUrl(`${api.url}/api/v1/billing/webhooks/paypal`);
}, 180_000);
afterAll(async () => {
  await browser?.close();
  await api?.stop();
  await Promise.all([stripe?.close(), paypal?.close()]);
});

async function newPage(): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  await context.addCookies([{ name: 'cookie_notice', value: 'true', url: api.url }]);
  contexts.push(context);
  return context.newPage();
}

async function login(page: Page, who: { email: string; password: string }) {
  await page.goto(`${api.url}/login`);
  await page.getByLabel('Email').fill(who.email);
  await page.getByLabel('Password').fill(who.password);
  await page.getByRole('button', { name: 'Continue' }).click();
  await page.waitForURL((url) => !url.pathname.startsWith('/login'));
}

async function register(page: Page, who: { email: string; password: string }) {
  await page.getByLabel('Email').fill(who.email);
  await page.locator('input[name="password"]').fill(who.password);
  await page.locator('input[name="password_confirmation"]').fill(who.password);
  await page.getByRole('button', { name: 'Create account' }).click();
}

/** Zero WCAG 2.2 A/AA violations once the page has settled (toasts and animations done). */
async function expectAxeClean(page: Page) {
  await page.waitForTimeout(400);
  // react-aria announces a pending button (Create account) by pointing at its label; that
  // announcement outlives the page it came from for 7 s. It is the previous page's, not this one's.
  await expect
    .poll(() => page.locator('[data-live-announcer] [role="img"]').count(), { timeout: 10_000 })
    .toBe(0);
  const violations = await axeViolations(page);
  const nodes = await Promise.all(
    violations.flatMap((violation) =>
      violation.targets.map((target) =>
        page
          .locator(target)
          .first()
          .evaluate((node) => node.outerHTML.slice(0, 300))
          .catch(() => target),
      ),
    ),
  );
  expect({ violations, nodes }, page.url()).toEqual({ violations: [], nodes: [] });
}

const card = (page: Page, name: string) =>
  page.getByTestId('plan-card').filter({ has: page.getByRole('heading', { name, exact: true }) });

describe('billing in the browser', () => {
  it('an admin creates a plan with a monthly and a yearly price in /admin/plans', async () => {
    admin = await newPage();
    await login(admin, ADMIN);
    await admin.goto(`${api.url}/admin/plans`);
    await admin.getByRole('heading', { name: 'Plans' }).waitFor();
    await admin.getByText('No plans yet').waitFor();
    await expectAxeClean(admin);

    await admin.getByRole('link', { name: 'Add plan' }).click();
    await admin.getByRole('heading', { name: 'New plan' }).waitFor();
    await admin.getByLabel('Name').fill('Gold');
    await admin.getByLabel('Description').fill('Everything, <b>loud</b>');
    await admin.getByLabel('Features').fill('No ads\nDownloads');
    await admin.locator('label', { hasText: 'Recommended' }).click();
    const rows = admin.getByTestId('plan-price-row');
    for (const [index, [amount, interval]] of (
      [
        ['10.00', 'month'],
        ['96.00', 'year'],
      ] as const
    ).entries()) {
      await admin.getByRole('button', { name: 'Add price' }).click();
      await expect.poll(() => rows.count()).toBe(index + 1);
      const row = rows.nth(index);
      await row.getByLabel('Amount').fill(amount);
      await row.getByLabel('Interval').selectOption(interval);
    }
    await expectAxeClean(admin);
    await admin.getByRole('button', { name: 'Create' }).click();
    await admin.waitForURL(/\/admin\/plans\/\d+\/edit$/);
    await admin.getByRole('heading', { name: 'Edit plan' }).waitFor();
    await expectAxeClean(admin);

    const products = await call<{ pagination: { data: (Plan & { name: string })[] } }>(
      admin,
      'GET',
      'billing/admin/products',
    );
    gold = products.body.pagination.data.find((plan) => plan.name === 'Gold') as Plan;
    expect(gold.prices.map((price) => price.interval)).toEqual(['month', 'year']);
    // Saving synced the plan to both providers' peers.
    expect(stripe.store.price.size).toBe(2);
    expect(paypal.plans.size).toBe(2);

    const created = await call<{ product: Plan }>(admin, 'POST', 'billing/admin/products', {
      name: 'Silver',
      feature_list: ['No ads'],
      prices: [
        { amount: 500, currency: 'USD', interval: 'month', interval_count: 1 },
        { amount: 4800, currency: 'USD', interval: 'year', interval_count: 1 },
      ],
    });
    expect(created.status).toBe(200);
    silver = created.body.product;
    await admin.goto(`${api.url}/admin/plans`);
    await admin.getByRole('link', { name: 'Silver' }).waitFor();
    await expect.poll(() => admin.getByRole('row').count()).toBe(3);
  }, 120_000);

  it('a guest picks a yearly plan on /pricing, signs up, pays by card on the hosted page and sees /billing', async () => {
    buyer = await newPage();
    await buyer.goto(`${api.url}/pricing`);
    await buyer.getByRole('heading', { name: 'Choose the right plan for you' }).waitFor();
    const annual = buyer.getByRole('radio', { name: 'Annual' });
    await expect.poll(() => annual.getAttribute('aria-checked')).toBe('true');
    await expect.poll(() => buyer.getByTestId('savings-badge').textContent()).toBe('Save up to 20%');
    await expect.poll(() => card(buyer, 'Gold').getByTestId('plan-price').textContent()).toContain('$96');
    expect(await card(buyer, 'Gold').textContent()).toContain('Everything, <b>loud</b>');
    await buyer.getByRole('radio', { name: 'Monthly' }).click();
    await expect.poll(() => card(buyer, 'Gold').getByTestId('plan-price').textContent()).toBe('$10 / month');
    await annual.click();
    await expect.poll(() => card(buyer, 'Gold').getByTestId('plan-price').textContent()).toBe('$96 / year');
    expect(await buyer.getByRole('link', { name: 'Contact us' }).getAttribute('href')).toBe('/contact');
    await expectAxeClean(buyer);

    await card(buyer, 'Gold').getByRole('link', { name: 'Upgrade' }).click();
    await buyer.waitForURL(`${api.url}/register?redirectFrom=pricing`);
    await buyer.getByRole('heading', { name: "First, let's create your account" }).waitFor();
    await expectAxeClean(buyer);
    await register(buyer, BUYER);

    const yearly = gold.prices[1]?.id;
    await buyer.waitForURL(`${api.url}/checkout/${gold.id}/${yearly}`);
    await buyer.getByRole('heading', { name: 'Checkout' }).waitFor();
    await expect.poll(() => buyer.getByTestId('summary-price').textContent()).toBe('$96 every year');
    await expectAxeClean(buyer);
    await buyer.getByRole('button', { name: 'Pay by card' }).click();

    await buyer.waitForURL(`${stripe.url}/pay/**`);
    await buyer.getByRole('heading', { name: 'Stripe test checkout' }).waitFor();
    await buyer.getByRole('button', { name: 'Subscribe' }).click();

    await buyer.waitForURL(new RegExp(`/checkout/${gold.id}/${yearly}/stripe/done\\?session_id=`));
    await buyer.getByRole('heading', { name: 'Thank you for subscribing!' }).waitFor();
    expect(await buyer.getByTestId('checkout-done-message').textContent()).toBe(
      'You are now subscribed to Gold.',
    );
    await expectAxeClean(buyer);

    // The provider's webhooks (session completed, invoice paid) have reached the api.
    await stripe.flush();
    await buyer.getByRole('link', { name: 'Go to billing' }).click();
    await buyer.waitForURL(`${api.url}/billing`);
    await expect.poll(() => buyer.getByTestId('billing-plan-name').textContent()).toBe('Gold');
    expect(await buyer.getByTestId('billing-status').textContent()).toBe('Active');
    expect(await buyer.getByTestId('billing-price').textContent()).toBe('$96 every year');
    await expect.poll(() => buyer.getByTestId('billing-payment-method').textContent()).toBe('Visa •••• 4242');
    await expect.poll(() => buyer.getByTestId('billing-invoice').count()).toBe(1);
    expect(await buyer.getByTestId('billing-invoice').textContent()).toContain('Paid');
    await expectAxeClean(buyer);

    // At phone width (spec 9: 768 px and below) too.
    await buyer.setViewportSize({ width: 390, height: 844 });
    await buyer.getByTestId('billing-plan-name').waitFor();
    await expectAxeClean(buyer);
    await buyer.goto(`${api.url}/pricing`);
    await card(buyer, 'Gold').getByText('Current plan').waitFor();
    await expectAxeClean(buyer);
    await buyer.setViewportSize({ width: 1280, height: 900 });
    await buyer.goto(`${api.url}/billing`);

    // The receipt the invoice links to is printable.
    await buyer.getByRole('link', { name: 'View receipt' }).click();
    await buyer.getByRole('heading', { name: 'Receipt' }).waitFor();
    await buyer.getByText('$96').waitFor();
    await expectAxeClean(buyer);

    // Checkout is closed to a subscriber: back to /billing.
    await buyer.goto(`${api.url}/checkout/${gold.id}/${yearly}`);
    await buyer.waitForURL(`${api.url}/billing`);
    // The choice kept for after sign-up was used once, not on every later sign-in.
    expect(await buyer.evaluate(() => localStorage.getItem('be.onboarding.selected'))).toBeNull();
  }, 120_000);

  it('the subscriber changes plan (prorated), cancels and renews', async () => {
    await buyer.goto(`${api.url}/billing`);
    await buyer.getByRole('link', { name: 'Change plan' }).click();
    await buyer.waitForURL(`${api.url}/billing/change-plan`);
    await expect.poll(() => card(buyer, 'Gold').getByText('Current plan').count()).toBe(1);
    await expectAxeClean(buyer);
    await card(buyer, 'Silver').getByRole('link', { name: 'Upgrade' }).click();
    await buyer.waitForURL(`${api.url}/billing/change-plan/${silver.id}/${silver.prices[1]?.id}/confirm`);
    await expect
      .poll(() => buyer.getByTestId('change-plan-to').textContent())
      .toBe('Silver ($48 every year)');
    expect(await buyer.getByTestId('change-plan-due').textContent()).toMatch(/^\$\d/);
    await expectAxeClean(buyer);
    await buyer.getByRole('button', { name: 'Confirm' }).click();
    await buyer.waitForURL(`${api.url}/billing`);
    await expect.poll(() => buyer.getByTestId('billing-plan-name').textContent()).toBe('Silver');

    await buyer.getByRole('link', { name: 'Cancel plan' }).click();
    await buyer.waitForURL(`${api.url}/billing/cancel`);
    await buyer.getByText('You keep access until then.').waitFor();
    await expectAxeClean(buyer);
    await buyer.getByRole('button', { name: 'Cancel plan' }).click();
    await buyer.waitForURL(`${api.url}/billing`);
    await expect.poll(() => buyer.getByTestId('billing-status').textContent()).toBe('Cancelled');
    expect(await buyer.getByTestId('billing-next').textContent()).toContain('You keep access until then.');

    await buyer.getByRole('link', { name: 'Renew plan' }).click();
    await buyer.waitForURL(`${api.url}/billing/renew`);
    await expectAxeClean(buyer);
    await buyer.getByRole('button', { name: 'Renew plan' }).click();
    await buyer.waitForURL(`${api.url}/billing`);
    await expect.poll(() => buyer.getByTestId('billing-status').textContent()).toBe('Active');
    expect(await buyer.getByTestId('billing-next').textContent()).toContain('Next charge on');

    // A new card, entered on the provider's page (a setup session), confirmed by the api.
    await buyer.getByRole('link', { name: 'Change payment method' }).click();
    await buyer.waitForURL(`${api.url}/billing/change-payment-method`);
    await expectAxeClean(buyer);
    await buyer.getByRole('button', { name: 'Continue' }).click();
    await buyer.waitForURL(`${stripe.url}/pay/**`);
    await buyer.getByLabel('Card number').fill('5555555555554444');
    await buyer.getByRole('button', { name: 'Save card' }).click();
    await buyer.waitForURL(/\/billing\/change-payment-method\/done\?session_id=/);
    await buyer.getByText('Your payment method has been updated.').waitFor();
    await expectAxeClean(buyer);
    await buyer.getByRole('link', { name: 'Back to billing' }).click();
    await expect
      .poll(() => buyer.getByTestId('billing-payment-method').textContent())
      .toBe('Mastercard •••• 4444');
  }, 120_000);

  it('a failed renewal (signed webhook) shows in /billing and as a notification row', async () => {
    const overview = await call<{ subscription: { gateway_id: string } }>(
      buyer,
      'GET',
      'billing/subscription',
    );
    const renewal = await fetch(
      `${stripe.url}/_peer/subscriptions/${overview.body.subscription.gateway_id}/renew`,
      {
        method: 'POST',
        body: JSON.stringify({ fail: true }),
      },
    );
    expect(renewal.status).toBe(200);
    await stripe.flush();

    // The webhook is answered before a sweep applies it (a few ms to 50 ms later, more on a busy
    // machine): the subscriber sees it on the first visit after that, as a reload would.
    await expect
      .poll(
        async () => {
          await buyer.goto(`${api.url}/billing`);
          return buyer.getByTestId('billing-status').textContent();
        },
        { timeout: 20_000 },
      )
      .toBe('Payment failed');
    await buyer.getByTestId('billing-payment-failed').waitFor();
    await expect
      .poll(() => buyer.getByTestId('billing-invoice').filter({ hasText: 'Failed' }).count())
      .toBe(1);
    await expectAxeClean(buyer);

    // The notice is written right after the sweep's commit.
    await expect
      .poll(
        async () => {
          await buyer.goto(`${api.url}/notifications`);
          return buyer
            .getByText('The payment for your Silver subscription failed')
            .waitFor({ timeout: 3_000 })
            .then(
              () => 1,
              () => 0,
            );
        },
        { timeout: 20_000 },
      )
      .toBe(1);
  }, 120_000);

  it('a second listener subscribes with the wallet (PayPal peer approval page)', async () => {
    const page = await newPage();
    await page.goto(`${api.url}/register`);
    await register(page, WALLET);
    await page.waitForURL((url) => !url.pathname.startsWith('/register'));
    await page.goto(`${api.url}/pricing`);
    await page.getByRole('radio', { name: 'Monthly' }).click();
    await card(page, 'Gold').getByRole('link', { name: 'Upgrade' }).click();
    const monthly = gold.prices[0]?.id;
    await page.waitForURL(`${api.url}/checkout/${gold.id}/${monthly}`);
    await page.getByRole('button', { name: 'Pay with PayPal' }).click();

    await page.waitForURL(`${paypal.url}/webapps/billing/subscriptions**`);
    await page.getByRole('button', { name: 'Agree & Subscribe' }).click();
    await page.waitForURL(new RegExp(`/checkout/${gold.id}/${monthly}/paypal/done\\?subscription_id=`));
    await page.getByRole('heading', { name: 'Thank you for subscribing!' }).waitFor();
    await expectAxeClean(page);
    await page.getByRole('link', { name: 'Go to billing' }).click();
    await expect.poll(() => page.getByTestId('billing-payment-method').textContent()).toBe('PayPal');
    expect(await page.getByTestId('billing-plan-name').textContent()).toBe('Gold');
  }, 120_000);

  it('/admin/subscriptions lists, filters by provider and cancels', async () => {
    await admin.goto(`${api.url}/admin/subscriptions`);
    await admin.getByRole('heading', { name: 'Subscriptions' }).waitFor();
    await admin.getByRole('link', { name: WALLET.email }).waitFor();
    await admin.getByRole('link', { name: BUYER.email }).waitFor();
    await expectAxeClean(admin);

    await admin.getByLabel('Provider').selectOption('paypal');
    await admin.waitForURL(/gateway=paypal/);
    await expect.poll(() => admin.getByRole('link', { name: BUYER.email }).count()).toBe(0);
    const row = admin.getByRole('row').filter({ hasText: WALLET.email });
    await row.getByRole('button', { name: `Cancel the subscription of ${WALLET.email}` }).click();
    await admin.getByRole('alertdialog').getByRole('button', { name: 'Cancel subscription' }).click();
    await expect.poll(() => row.getByTestId('subscription-state').textContent()).toBe('Ended');

    // A plan given by hand, without a provider, to the listener whose subscription just ended.
    await admin.getByLabel('Provider').selectOption('');
    await admin.getByRole('button', { name: 'Grant subscription' }).click();
    const dialog = admin.getByRole('dialog');
    await dialog.getByLabel('User email').fill('nobody@e2e.test');
    await dialog.getByLabel('Plan').selectOption({ label: 'Silver' });
    await dialog.getByRole('button', { name: 'Grant' }).click();
    await dialog.getByText('No user has this email.').waitFor();
    await expectAxeClean(admin);
    await dialog.getByLabel('User email').fill(WALLET.email);
    await dialog.getByRole('button', { name: 'Grant' }).click();
    await dialog.waitFor({ state: 'detached' });
    const granted = admin
      .getByRole('row')
      .filter({ hasText: WALLET.email })
      .filter({ hasText: 'None (by hand)' });
    await expect.poll(() => granted.getByTestId('subscription-state').textContent()).toBe('Active');
    expect(await granted.textContent()).toContain('Silver');

    const audit = await call<{ pagination: { data: { action: string }[] } }>(admin, 'GET', 'audit-log');
    expect(audit.body.pagination.data.map((entry) => entry.action)).toEqual(
      expect.arrayContaining(['plans.create', 'subscriptions.cancel', 'subscriptions.grant']),
    );
  }, 120_000);

  it('/admin/billing/webhooks shows a failed event, its body, and retries it now', async () => {
    // A signed event about a subscription the provider does not know: every provider read fails.
    const eventId = 'evt_e2e_unknown_subscription';
    const body = JSON.stringify({
      id: eventId,
      object: 'event',
      type: 'customer.subscription.updated',
      created: Math.floor(Date.now() / 1000),
      livemode: false,
      data: { object: { id: 'sub_e2e_unknown', object: 'subscription' } },
    });
    const sent = await fetch(`${api.url}/api/v1/billing/webhooks/stripe`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'stripe-signature': stripe.sign(body) },
      body,
    });
    expect(sent.status).toBe(200);
    type Listed = { pagination: { data: { event_id: string; attempts: number }[] } };
    const attempts = async () =>
      (await call<Listed>(admin, 'GET', `billing/admin/webhook-events?query=${eventId}`)).body.pagination
        .data[0]?.attempts ?? 0;
    // The queue's own attempts (with their backoff) are spent first.
    await expect.poll(attempts, { timeout: 30_000 }).toBe(3);

    await admin.goto(`${api.url}/admin`);
    await admin.getByRole('link', { name: 'Webhooks' }).click();
    await admin.getByRole('heading', { name: 'Webhook events' }).waitFor();
    await admin.getByLabel('Status').selectOption('failed');
    await admin.waitForURL(/status=failed/);
    const row = admin.getByRole('row').filter({ hasText: eventId });
    await expect.poll(() => row.getByTestId('webhook-status').textContent()).toBe('Failed (3 attempts)');
    expect(await row.textContent()).toContain('customer.subscription.updated');
    await expectAxeClean(admin);

    await row.getByRole('button', { name: `Show event ${eventId}` }).click();
    const dialog = admin.getByRole('dialog');
    await expect
      .poll(() => dialog.getByTestId('webhook-payload').textContent())
      .toContain(`"id": "${eventId}"`);
    await expectAxeClean(admin);
    await admin.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });

    await row.getByRole('button', { name: `Retry now (${eventId})` }).click();
    await admin.getByText('1 event queued again').waitFor();
    // Tried again at once (the sweep would have waited 45 minutes): the attempts grow.
    await expect.poll(attempts, { timeout: 30_000 }).toBeGreaterThan(3);
    const audit = await call<{ pagination: { data: { action: string }[] } }>(admin, 'GET', 'audit-log');
    expect(audit.body.pagination.data.map((entry) => entry.action)).toContain('billing_webhook_events.retry');
  }, 120_000);

  it('billing switched off hides pricing and blocks checkout', async () => {
    const saved = await call(admin, 'POST', 'settings', { client: { 'billing.enable': false } });
    expect(saved.status).toBe(200);

    const guest = await newPage();
    await guest.goto(`${api.url}/pricing`);
    await guest
      .getByRole('heading', { name: "Looks like you've found the doorway to the great nothing" })
      .waitFor();
    expect(await guest.getByRole('link', { name: 'Pricing' }).count()).toBe(0);

    await buyer.goto(`${api.url}/checkout/${gold.id}/${gold.prices[0]?.id}`);
    await buyer
      .getByRole('heading', { name: "Looks like you've found the doorway to the great nothing" })
      .waitFor();
    const started = await call(buyer, 'POST', 'billing/checkout/stripe', {
      product_id: gold.id,
      price_id: gold.prices[0]?.id,
    });
    expect(started.status).toBe(404);
    expect((await call(guest, 'GET', 'billing/products')).status).toBe(404);
  }, 120_000);
});
