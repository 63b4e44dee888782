import { readFileSync } from 'node:fs';
import { type StripePeer, startStripePeer } from '@cadence/billing-peers/stripe-peer';
import { PrivatePostgres, sparePort } from '@cadence/faults/peers';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RunningApi, startApi } from './api-server';
import { expectNoAxeViolations } from './axe';
import { launchBrowser } from './browser';
import { ADMIN, apiCall as call, newPage, register, settle, signIn, type Who } from './journey-steps';

/**
 * Issue 39 end to end: a subscriber pays through the Stripe peer and plays two artists' tracks;
 * the month closes (the admin starts and closes the run of the month before, once the test's own
 * PostgreSQL has moved that invoice and those plays a month back: a fixture, no clock faked); each
 * artist sees their share on the backstage Earnings page and the admin exports the payout file.
 */
const STRIPE = { secretKey: 'sk_test_payouts', webhookSecret: 'whsec_payouts' };
const SUBSCRIBER = { email: 'fan@payouts.e2e.test', password: 'fan-password-1' };
const NORTH = { email: 'north@payouts.e2e.test', password: 'north-password-1' };
const SOUTH = { email: 'south@payouts.e2e.test', password: 'south-password-1' };

let api: RunningApi;
let browser: Browser;
let stripe: StripePeer;
let postgres: PrivatePostgres;
const artists: Record<'north' | 'south', { id: number; track: number }> = {} as never;

/** The month before now (UTC), the run's period. */
function lastMonth(): string {
  const now = new Date();
  const month = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 1, 1));
  return `${month.getUTCFullYear()}-${String(month.getUTCMonth() + 1).padStart(2, '0')}`;
}

async function clean(page: Page) {
  await settle(page);
  await expectNoAxeViolations(page, page.url());
}

/** An artist with one public track of three minutes, managed (owned) by `who`. */
async function artistManagedBy(name: string, who: Who): Promise<{ id: number; track: number }> {
  const [artist] = await postgres.query<{ id: number }>(
    'insert into artists (name, slug) values ($1, $2) returning id',
    [name, name.toLowerCase().replaceAll(' ', '-')],
  );
  const [track] = await postgres.query<{ id: number }>(
    `insert into tracks (name, slug, duration, visibility) values ($1, $2, 180000, 'public') returning id`,
    [`${name} Song`, `${name.toLowerCase().replaceAll(' ', '-')}-song`],
  );
  await postgres.query('insert into artist_track (artist_id, track_id, "primary") values ($1, $2, true)', [
    artist?.id,
    track?.id,
  ]);
  await postgres.query(
    `insert into user_artist (user_id, artist_id, role) select id, $2, 'owner' from users where email = $1`,
    [who.email, artist?.id],
  );
  return { id: artist?.id ?? 0, track: track?.id ?? 0 };
}

beforeAll(async () => {
  postgres = new PrivatePostgres(await sparePort());
  [stripe, browser] = await Promise.all([startStripePeer(STRIPE), launchBrowser(), postgres.start()]);
  api = await startApi(
    {
      'billing.enable': 'true',
      'billing.stripe.enable': 'true',
      'payouts.platform_share_percent': '30',
      'payouts.provider_fee_basis_points': '0',
      'payouts.provider_fee_fixed': '0',
      'payouts.minimum_payout': '0',
    },
    {
      DATABASE_URL: postgres.url,
      SEED_DEMO_CATALOGUE: 'false',
      STRIPE_SECRET: STRIPE.secretKey,
      STRIPE_WEBHOOK_SECRET: STRIPE.webhookSecret,
      STRIPE_API_BASE: stripe.url,
    },
  );
  stripe.setWebhookUrl(`${api.url}/api/v1/billing/webhooks/stripe`);
}, 120_000);
afterAll(async () => {
  await browser?.close();
  await api?.stop();
  await stripe?.close();
  await postgres?.dispose();
});

describe('artist payouts in the browser', () => {
  it('a subscriber pays and plays two artists; after the month closes each artist sees their share and the admin exports the file', async () => {
    const period = lastMonth();
    const admin = await newPage(browser, api);
    await signIn(admin, api, ADMIN);
    const plan = await call<{ product: { id: number; prices: { id: number }[] } }>(
      admin,
      'POST',
      'billing/admin/products',
      {
        name: 'Fan',
        feature_list: ['No ads'],
        prices: [{ amount: 1000, currency: 'USD', interval: 'month', interval_count: 1 }],
      },
    );
    expect(plan.status).toBe(200);

    const [fan, north, south] = await Promise.all([
      newPage(browser, api),
      newPage(browser, api),
      newPage(browser, api),
    ]);
    await Promise.all([
      register(fan, api, SUBSCRIBER),
      register(north, api, NORTH),
      register(south, api, SOUTH),
    ]);
    artists.north = await artistManagedBy('North Lights', NORTH);
    artists.south = await artistManagedBy('South Winds', SOUTH);

    // The subscriber pays by card on the Stripe peer's hosted page.
    const price = plan.body.product.prices[0]?.id;
    await fan.goto(`${api.url}/checkout/${plan.body.product.id}/${price}`);
    await fan.getByRole('heading', { name: 'Checkout' }).waitFor();
    await fan.getByRole('button', { name: 'Pay by card' }).click();
    await fan.waitForURL(`${stripe.url}/pay/**`);
    await fan.getByRole('button', { name: 'Subscribe' }).click();
    await fan.getByRole('heading', { name: 'Thank you for subscribing!' }).waitFor();
    await stripe.flush();
    await clean(fan);

    // Two minutes of North, one of South: both counted plays (the player's rule), two to one.
    for (const [track, ms] of [
      [artists.north.track, 120_000],
      [artists.south.track, 60_000],
    ] as const) {
      expect((await call(fan, 'POST', `tracks/${track}/plays`, { duration_played_ms: ms })).status).toBe(200);
    }

    // The fixture: that invoice and those plays belong to the month before (the run's period).
    await expect
      .poll(async () => (await postgres.query('select id from invoices where paid')).length)
      .toBe(1);
    await postgres.query(
      `update invoices set period_start = period_start - interval '1 month',
         period_end = period_end - interval '1 month', created_at = created_at - interval '1 month'`,
    );
    await postgres.query(`update plays set played_at = played_at - interval '1 month'`);

    // The admin starts the run of that month, waits for its job, reviews and closes it.
    await admin.goto(`${api.url}/admin/payouts`);
    await admin.getByRole('heading', { name: 'Artist payouts' }).waitFor();
    await admin.getByLabel('Month (YYYY-MM)').fill(period);
    await admin.getByLabel('Currency').fill('USD');
    await admin.getByRole('button', { name: 'Start run' }).click();
    const row = admin.getByRole('row').filter({ hasText: period });
    // The run computes in a background job: the page polls and announces it once it is in review.
    await admin.getByText(`The run of ${period} USD is ready for review.`).waitFor();
    await row.getByText('In review').waitFor();
    await row.getByRole('button', { name: 'Review' }).click();
    await admin.getByRole('table', { name: `Artists of ${period}` }).waitFor();
    await clean(admin);
    await row.getByRole('button', { name: 'Close' }).click();
    await row.getByText('Closed').waitFor();
    await clean(admin);

    // $10 less the platform's 30%: $7 split two to one by listening time, every cent assigned.
    for (const [page, artist, share] of [
      [north, artists.north, '$4.67'],
      [south, artists.south, '$2.33'],
    ] as const) {
      await page.goto(`${api.url}/backstage/artists/${artist.id}/earnings`);
      await page.getByRole('heading', { name: 'Earnings', exact: true }).waitFor();
      const month = page
        .getByRole('table', { name: 'Per month' })
        .getByRole('row')
        .filter({ hasText: period });
      await expect.poll(() => month.textContent()).toContain(share);
      await page
        .getByRole('img', { name: new RegExp(`${period}: Subscriptions ${share.replace('$', '\\$')}`) })
        .waitFor();
      await clean(page);
    }

    // Not North's to see: South's earnings are a 404 page for North.
    await north.goto(`${api.url}/backstage/artists/${artists.south.id}/earnings`);
    await north.getByTestId('not-found-page').waitFor();

    const [download] = await Promise.all([
      admin.waitForEvent('download'),
      row.getByRole('link', { name: 'Export payout file' }).click(),
    ]);
    const csv = readFileSync((await download.path()) ?? '', 'utf8')
      .trim()
      .split('\r\n');
    expect(csv[0]).toBe(
      'artist_id,artist,period,currency,amount_minor,amount,paid_at,payee_name,method,iban,bic,paypal_email',
    );
    expect(csv.slice(1).sort()).toEqual(
      [
        `${artists.north.id},North Lights,${period},USD,467,4.67,,,,,,`,
        `${artists.south.id},South Winds,${period},USD,233,2.33,,,,,,`,
      ].sort(),
    );
    // Generous for a shared, loaded machine (load 30 on 2 cores took 85 s); quiet, far less.
  }, 180_000);
});
