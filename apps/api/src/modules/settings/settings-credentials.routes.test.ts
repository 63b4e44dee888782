import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { type PaypalPeer, startPaypalPeer } from '@cadence/billing-peers/paypal-peer';
import { type StripePeer, startStripePeer } from '@cadence/billing-peers/stripe-peer';
import { OAuth2Server } from 'oauth2-mock-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, createTestUser, type TestApp } from '../../test/test-app';
import { createGatewayRegistry } from '../billing/gateways/gateways';
import { SECRET_MASK } from './settings.service';

/**
 * Each settings group's credentials are tried before they are saved (design section 1), each
 * against a real peer speaking its provider's protocol where one exists offline.
 */
const STRIPE_SECRET = 'sk_test_settings_check';
const PAYPAL = { clientId: 'paypal-settings-app', secret: 'paypal-settings-secret' };
const GOOGLE = { id: 'google-settings-app', secret: 'google-settings-secret' };
const RECAPTCHA_SECRET = 'recaptcha-settings-secret';

let t: TestApp;
let admin: Record<string, string>;
let stripe: StripePeer;
let paypal: PaypalPeer;
let oidc: OAuth2Server;
let recaptcha: Server;
/** The last test stops the provider peers to show that groups left alone are not checked. */
let arePeersStopped = false;
const recaptchaSecrets: string[] = [];

/** The verification endpoint as Google runs it: a wrong secret is `invalid-input-secret`. */
function startRecaptchaPeer(): Promise<string> {
  recaptcha = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk) => {
      body += chunk;
    });
    request.on('end', () => {
      const params = new URLSearchParams(body);
      const secret = params.get('secret') ?? '';
      recaptchaSecrets.push(secret);
      const errors = secret === RECAPTCHA_SECRET ? ['invalid-input-response'] : ['invalid-input-secret'];
      response.setHeader('content-type', 'application/json');
      response.end(JSON.stringify({ success: false, 'error-codes': errors }));
    });
  });
  return new Promise((resolve) =>
    recaptcha.listen(0, '127.0.0.1', () =>
      resolve(`http://127.0.0.1:${(recaptcha.address() as AddressInfo).port}/siteverify`),
    ),
  );
}

/** The OpenID peer refuses a wrong client at its token endpoint, as Google does (`invalid_client`). */
async function startOidcPeer(): Promise<string> {
  oidc = new OAuth2Server();
  await oidc.issuer.keys.generate('RS256');
  await oidc.start(0, '127.0.0.1');
  oidc.service.on(
    'beforeResponse',
    (response: { body: unknown; statusCode: number }, request: { body: Record<string, string> }) => {
      if (request.body.client_id === GOOGLE.id && request.body.client_secret === GOOGLE.secret) return;
      response.statusCode = 401;
      response.body = { error: 'invalid_client', error_description: 'The OAuth client was not found.' };
    },
  );
  return oidc.issuer.url ?? '';
}

beforeAll(async () => {
  const [stripePeer, paypalPeer, issuer, verifyUrl] = await Promise.all([
    startStripePeer({ secretKey: STRIPE_SECRET, webhookSecret: 'whsec_settings' }),
    startPaypalPeer({ clientId: PAYPAL.clientId, secret: PAYPAL.secret, webhookId: 'WH-SETTINGS' }),
    startOidcPeer(),
    startRecaptchaPeer(),
  ]);
  stripe = stripePeer;
  paypal = paypalPeer;
  t = await createTestApp({
    env: {
      STRIPE_API_BASE: stripe.url,
      PAYPAL_API_BASE: paypal.url,
      GOOGLE_OIDC_ISSUER: issuer,
      RECAPTCHA_VERIFY_URL: verifyUrl,
    },
  });
  const userId = await createTestUser(t.deps, {
    email: 'credentials-admin@example.com',
    permissions: ['settings.view', 'settings.update'],
  });
  const { cookie, xsrf } = await t.sessionCookie(userId);
  admin = { cookie, 'x-xsrf-token': xsrf };
});
afterAll(async () => {
  await t?.close();
  await Promise.all([
    arePeersStopped ? undefined : stripe?.close(),
    arePeersStopped ? undefined : paypal?.close(),
    arePeersStopped ? undefined : oidc?.stop(),
    new Promise((resolve) => (recaptcha ? recaptcha.close(resolve) : resolve(undefined))),
  ]);
});

const save = (payload: object) =>
  t.app.inject({ method: 'POST', url: '/api/v1/settings', headers: admin, payload });

async function settingRows(): Promise<Record<string, string | null>> {
  const rows = await t.deps.db.selectFrom('settings').select(['name', 'value']).execute();
  return Object.fromEntries(rows.map((row) => [row.name, row.value]));
}

/**
 * Saves the payload expecting the check to refuse it: 422 with the spec's message, the field and
 * its group named, no secret repeated in the answer, and not one settings row changed.
 */
async function expectRefused(payload: object, field: string, group: string, message: RegExp) {
  const before = await settingRows();
  const response = await save(payload);
  expect(response.statusCode, response.body).toBe(422);
  expect(response.json().message).toBe('Could not persist settings.');
  expect(response.json().errors[field], response.body).toMatch(message);
  expect(response.json().errors[`${group}_group`]).toMatch(message);
  for (const value of Object.values(flatten(payload))) {
    if (typeof value === 'string' && value.length > 6) expect(response.body).not.toContain(value);
  }
  expect(await settingRows()).toEqual(before);
}

function flatten(payload: object): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(payload)) {
    if (value && typeof value === 'object' && !Array.isArray(value))
      for (const [inner, leaf] of Object.entries(flatten(value))) out[`${key}.${inner}`] = leaf;
    else out[key] = value;
  }
  return out;
}

describe('billing credentials', () => {
  it('tries a Stripe secret key with a read through the SDK: a wrong one is refused, a right one saved', async () => {
    await expectRefused(
      { server: { stripe_secret: 'sk_test_not_the_key' } },
      'stripe_secret',
      'billing',
      /Stripe credentials were refused/,
    );
    await expectRefused(
      { server: { stripe_secret: 'not-a-stripe-key' } },
      'stripe_secret',
      'billing',
      /starts with sk_/,
    );
    await expectRefused(
      { server: { stripe_key: 'sk_test_wrong_field' } },
      'stripe_key',
      'billing',
      /pk_test_/,
    );

    const saved = await save({ server: { stripe_secret: STRIPE_SECRET, stripe_key: 'pk_test_settings' } });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(await t.app.services.settings.get('stripe_secret')).toBe(STRIPE_SECRET);
    expect((await settingRows()).stripe_secret).not.toContain(STRIPE_SECRET);
    const view = await t.app.inject({ url: '/api/v1/settings', headers: admin });
    expect(view.json().server.stripe_secret).toBe(SECRET_MASK);
    expect(view.json().env.stripe_secret).toEqual({ variable: 'STRIPE_SECRET', is_locked: false });

    // The gateway reads the stored key at its next use: no restart.
    await save({ server: { stripe_webhook_secret: 'whsec_settings' } });
    const enabled = await save({ client: { billing: { enable: true, stripe: { enable: true } } } });
    expect(enabled.statusCode, enabled.body).toBe(200);
    const gateway = (await createGatewayRegistry({ settings: t.app.services.settings, env: t.env })()).stripe;
    expect(await gateway?.client.balance.retrieve()).toMatchObject({ object: 'balance' });
  });

  it('tries a PayPal app by its OAuth token call: a wrong secret or a half pair is refused', async () => {
    await expectRefused(
      { server: { paypal_client_id: PAYPAL.clientId, paypal_secret: 'wrong-paypal-secret' } },
      'paypal_secret',
      'billing',
      /PayPal credentials were refused/,
    );
    await expectRefused(
      { server: { paypal_client_id: PAYPAL.clientId } },
      'paypal_secret',
      'billing',
      /Enter the PayPal secret/,
    );
    const saved = await save({ server: { paypal_client_id: PAYPAL.clientId, paypal_secret: PAYPAL.secret } });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(await t.app.services.settings.get('paypal_secret')).toBe(PAYPAL.secret);
    // A new id alone is tried with the stored secret, and the refusal lands on the id.
    await expectRefused(
      { server: { paypal_client_id: 'someone-elses-app', paypal_secret: SECRET_MASK } },
      'paypal_client_id',
      'billing',
      /PayPal credentials were refused/,
    );
  });
});

describe('social login credentials', () => {
  it('tries the Google app at its OpenID issuer: a wrong secret is refused, a right one saved', async () => {
    await expectRefused(
      { server: { google_id: GOOGLE.id, google_secret: 'wrong-google-secret' } },
      'google_secret',
      'social',
      /Google refused this client id and secret/,
    );
    await expectRefused(
      { server: { facebook_id: 'facebook-app' } },
      'facebook_secret',
      'social',
      /Enter the Facebook client secret/,
    );
    await expectRefused(
      { server: { twitter_secret: 'twitter-app-secret' } },
      'twitter_id',
      'social',
      /Enter the Twitter client id/,
    );
    const saved = await save({ server: { google_id: GOOGLE.id, google_secret: GOOGLE.secret } });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(await t.app.services.settings.get('google_secret')).toBe(GOOGLE.secret);
  });
});

describe('reCAPTCHA credentials', () => {
  it('tries the secret key with the verification endpoint: invalid-input-secret is refused', async () => {
    await expectRefused(
      { client: { recaptcha: { site_key: 'site-key-settings', secret_key: 'wrong-recaptcha-secret' } } },
      'recaptcha.secret_key',
      'recaptcha',
      /reCAPTCHA refused this secret key/,
    );
    expect(recaptchaSecrets.at(-1)).toBe('wrong-recaptcha-secret');
    await expectRefused(
      { client: { recaptcha: { site_key: 'site-key-settings' } } },
      'recaptcha.secret_key',
      'recaptcha',
      /Enter the secret key/,
    );
    const saved = await save({
      client: { recaptcha: { site_key: 'site-key-settings', secret_key: RECAPTCHA_SECRET } },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(await t.app.services.settings.get('recaptcha.secret_key')).toBe(RECAPTCHA_SECRET);
  });
});

describe('checks by form', () => {
  it('refuses a tracking script for the measurement ID', async () => {
    await expectRefused(
      { client: { analytics: { tracking_code: '<script>gtag()</script>' } } },
      'analytics.tracking_code',
      'analytics',
      /measurement ID only/,
    );
    const saved = await save({
      client: {
        analytics: { tracking_code: 'G-SETTINGS1' },
      },
    });
    expect(saved.statusCode, saved.body).toBe(200);
  });
});

describe('secrets', () => {
  it('never reach the audit log of the saves that stored them', async () => {
    const entries = await t.deps.db
      .selectFrom('audit_log')
      .select(['before', 'after'])
      .where('action', '=', 'settings.update')
      .execute();
    expect(JSON.stringify(entries)).toContain('stripe_secret');
    for (const secret of [STRIPE_SECRET, PAYPAL.secret, GOOGLE.secret, RECAPTCHA_SECRET])
      expect(JSON.stringify(entries)).not.toContain(secret);
  });
});

describe('switching a payment provider on', () => {
  const fixture = (payload: object) => t.app.services.settings.save(payload, { checkCredentials: false });

  it('names every key the provider still needs and saves nothing', async () => {
    const kept = { paypal_client_id: PAYPAL.clientId, paypal_secret: PAYPAL.secret };
    await fixture({ server: { paypal_client_id: '', paypal_secret: '' } });
    await expectRefused(
      { client: { billing: { enable: true, paypal: { enable: true } } } },
      'billing.paypal.enable',
      'billing',
      /PayPal cannot be enabled without its client id, secret and webhook id/,
    );
    const response = await save({ client: { billing: { paypal: { enable: true } } } });
    expect(Object.keys(response.json().errors).sort()).toEqual([
      'billing.paypal.enable',
      'billing_group',
      'paypal_client_id',
      'paypal_secret',
      'paypal_webhook_id',
    ]);
    await fixture({ server: kept });
  });

  it('tries the stored keys again: keys the provider now refuses keep it off', async () => {
    await fixture({
      server: { stripe_secret: 'sk_test_revoked_key', stripe_webhook_secret: 'whsec_settings' },
      client: { billing: { stripe: { enable: false } } },
    });
    await expectRefused(
      { client: { billing: { stripe: { enable: true } } } },
      'stripe_secret',
      'billing',
      /Stripe credentials were refused/,
    );
    await fixture({ server: { stripe_secret: STRIPE_SECRET } });
    const enabled = await save({ client: { billing: { stripe: { enable: true } } } });
    expect(enabled.statusCode, enabled.body).toBe(200);
  });
});

describe('groups left alone', () => {
  it('are not checked: a save elsewhere goes through while a stored provider is unreachable', async () => {
    arePeersStopped = true;
    await Promise.all([stripe.close(), paypal.close(), oidc.stop()]);
    const unrelated = await save({
      client: { billing: { invoice: { notes: 'Thank you' } }, 'social.compact_buttons': true },
      server: { stripe_secret: SECRET_MASK, paypal_secret: SECRET_MASK, google_secret: SECRET_MASK },
    });
    expect(unrelated.statusCode, unrelated.body).toBe(200);
    expect(unrelated.json().changed.sort()).toEqual(['billing.invoice.notes', 'social.compact_buttons']);
    // A changed key of that group is checked, and an unreachable provider saves nothing.
    await expectRefused(
      { server: { stripe_secret: 'sk_test_another_key' } },
      'stripe_secret',
      'billing',
      /Could not reach Stripe/,
    );
    await expectRefused(
      { server: { google_secret: 'another-google-secret' } },
      'google_secret',
      'social',
      /Could not reach Google sign-in/,
    );
  });
});
