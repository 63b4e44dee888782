import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app';
import { mailText, startSmtpPeer } from '../auth/smtp-peer';

let t: TestApp;
let smtp: Awaited<ReturnType<typeof startSmtpPeer>>;

beforeAll(async () => {
  smtp = await startSmtpPeer();
  t = await createTestApp({ env: { MAIL_URL: smtp.url, MAIL_FROM: 'Cadence <no-reply@cadence.test>' } });
  await t.app.services.settings.save({ client: { mail: { contact_page_address: 'team@cadence.test' } } });
});
afterAll(async () => {
  await t?.close();
  await smtp?.close();
});

const send = (payload: object, ip = '10.0.0.1') =>
  t.app.inject({ method: 'POST', url: '/api/v1/contact-page', payload, remoteAddress: ip });

describe('POST contact-page', () => {
  it('mails the message to the contact address and answers the spec message', async () => {
    const since = smtp.received.length;
    const res = await send({ name: 'Ana <b>', email: 'ana@example.com', message: 'Hello\nthere <script>' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: 'Your message has been submitted.' });
    const mail = await smtp.waitFor('team@cadence.test', since);
    const text = mailText(mail.raw);
    expect(text).toContain('ana@example.com');
    expect(text).toContain('Hello');
    expect(mail.raw).toContain('New message from Ana');
    expect(mail.raw).toMatch(/^Reply-To: ana@example\.com/m);
    // The HTML part shows the message as text.
    expect(mail.raw.replace(/=\r?\n/g, '')).toContain('&lt;script&gt;');
  });

  it('answers field errors for missing or invalid fields', async () => {
    const res = await send({ name: '', email: 'not-an-email' }, '10.0.0.2');
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toMatchObject({
      name: expect.anything(),
      email: expect.anything(),
      message: expect.anything(),
    });
  });

  it('is rate limited per address', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 7; i++) {
      statuses.push(
        (await send({ name: 'Bo', email: `bo${i}@example.com`, message: 'hi' }, '10.0.0.3')).statusCode,
      );
    }
    expect(statuses.slice(0, 5)).toEqual([200, 200, 200, 200, 200]);
    expect(statuses.at(-1)).toBe(429);
  });

  it('requires recaptcha when it is configured for contact', async () => {
    // A fixture with no verification service to try the secret on: the save's check is left out.
    await t.app.services.settings.save(
      { client: { recaptcha: { enable: { contact: true }, secret_key: 'secret' } } },
      { checkCredentials: false },
    );
    try {
      const res = await send({ name: 'Cy', email: 'cy@example.com', message: 'hi' }, '10.0.0.4');
      expect(res.statusCode).toBe(422);
      expect(res.json().errors.recaptcha).toBe('Could not verify you are human.');
    } finally {
      await t.app.services.settings.save({
        client: { recaptcha: { enable: { contact: false }, secret_key: '' } },
      });
    }
  });
});
