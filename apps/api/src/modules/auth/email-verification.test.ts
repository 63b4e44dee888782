import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, createTestUser, type TestApp } from '../../test/test-app';
import { mailText, startSmtpPeer } from './smtp-peer';
import { createAgent, createUserWithPassword } from './test-agent';

let t: TestApp;
let smtp: Awaited<ReturnType<typeof startSmtpPeer>>;

beforeAll(async () => {
  smtp = await startSmtpPeer();
  t = await createTestApp({ env: { MAIL_URL: smtp.url, MAIL_FROM: 'Cadence <no-reply@cadence.test>' } });
  await t.app.services.settings.save({ client: { require_email_confirmation: true } });
});
afterAll(async () => {
  await t?.close();
  await smtp?.close();
});

const codeIn = (raw: string) =>
  mailText(raw).match(/verification code is:?\s*(?:<[^>]+>\s*)*(\d{6})/)?.[1] ?? '';
const base = { password: 'long-enough-password', password_confirmation: 'long-enough-password' };

describe('email verification over a real SMTP server', () => {
  it('registers as needs_email_verification, blocks the API until the mailed code is entered', async () => {
    const agent = createAgent(t.app);
    const since = smtp.received.length;
    const res = await agent.post('/auth/register', { ...base, email: 'verify.me@example.com' });
    expect(res.statusCode).toBe(200);
    expect(res.json().status).toBe('needs_email_verification');
    expect(res.json().bootstrapData.user.email_verified_at).toBeNull();

    const mail = await smtp.waitFor('verify.me@example.com', since);
    expect(mail.from).toBe('no-reply@cadence.test');
    const code = codeIn(mail.raw);
    expect(code).toMatch(/^\d{6}$/);

    // Stored keyed-hashed, never in clear.
    const row = await t.deps.db.selectFrom('email_verification_codes').selectAll().executeTakeFirstOrThrow();
    expect(row.code_hash).not.toContain(code);
    expect(row.code_hash).toMatch(/^[a-f0-9]{64}$/);
    const minutes = (row.expires_at.getTime() - Date.now()) / 60_000;
    expect(minutes).toBeGreaterThan(29);
    expect(minutes).toBeLessThanOrEqual(30);

    expect((await agent.get('/api/v1/user-sessions')).statusCode).toBe(403);
    expect((await agent.get('/api/v1/user-sessions')).json().message).toBe(
      'Please verify your email address.',
    );
    expect((await agent.get('/api/v1/bootstrap-data')).statusCode).toBe(200);
    expect((await agent.get('/api/v1/users/me')).statusCode).toBe(200);

    const invalid = await agent.post('/api/v1/validate-email-verification-otp', { code: 'abc' });
    expect(invalid.statusCode).toBe(422);
    expect(invalid.json().errors.code).toEqual(['The code must be a number.']);
    const tooLong = await agent.post('/api/v1/validate-email-verification-otp', { code: '1234567' });
    expect(tooLong.json().errors.code).toEqual(['The code may not be greater than 6 characters.']);
    const wrong = await agent.post('/api/v1/validate-email-verification-otp', {
      code: code === '000000' ? '111111' : '000000',
    });
    expect(wrong.json().errors.code).toBe('This code is invalid or has expired.');

    const ok = await agent.post('/api/v1/validate-email-verification-otp', { code });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().user.email_verified_at).not.toBeNull();
    expect((await agent.get('/api/v1/user-sessions')).statusCode).toBe(200);
    // Single use.
    expect((await agent.post('/api/v1/validate-email-verification-otp', { code })).statusCode).toBe(422);
  });

  it('resends a fresh code (the old one stops working); an expired code is refused', async () => {
    const user = await createUserWithPassword(t.deps, { isVerified: false });
    const agent = createAgent(t.app);
    await agent.post('/auth/login', { email: user.email, password: user.password });
    let since = smtp.received.length;
    const resend = await agent.post('/api/v1/resend-email-verification', { email: user.email });
    expect(resend.json()).toEqual({ message: 'Email sent' });
    const first = codeIn((await smtp.waitFor(user.email, since)).raw);
    since = smtp.received.length;
    await agent.post('/api/v1/resend-email-verification', {});
    const second = codeIn((await smtp.waitFor(user.email, since)).raw);
    if (first !== second) {
      expect((await agent.post('/api/v1/validate-email-verification-otp', { code: first })).statusCode).toBe(
        422,
      );
    }
    await t.deps.db
      .updateTable('email_verification_codes')
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where('user_id', '=', user.id)
      .execute();
    expect((await agent.post('/api/v1/validate-email-verification-otp', { code: second })).statusCode).toBe(
      422,
    );
  });

  it('burns the code after five wrong guesses', async () => {
    const user = await createUserWithPassword(t.deps, { isVerified: false });
    const agent = createAgent(t.app, { ip: '10.1.1.1' });
    await agent.post('/auth/login', { email: user.email, password: user.password });
    const since = smtp.received.length;
    await agent.post('/api/v1/resend-email-verification', {});
    const code = codeIn((await smtp.waitFor(user.email, since)).raw);
    const wrong = code === '999999' ? '999998' : '999999';
    for (let i = 0; i < 5; i++) await agent.post('/api/v1/validate-email-verification-otp', { code: wrong });
    expect((await agent.post('/api/v1/validate-email-verification-otp', { code })).statusCode).toBe(422);
  });
});

describe('password reset over a real SMTP server', () => {
  it('mails a single-use link valid 60 minutes, answers the same for unknown emails, and logs out every session', async () => {
    const user = await createUserWithPassword(t.deps);
    const signedIn = createAgent(t.app);
    await signedIn.post('/auth/login', { email: user.email, password: user.password });
    const agent = createAgent(t.app, { ip: '10.2.2.2' });

    const unknown = await agent.post('/auth/forgot-password', { email: 'ghost@example.com' });
    const since = smtp.received.length;
    const known = await agent.post('/auth/forgot-password', { email: user.email });
    expect(known.statusCode).toBe(200);
    expect(known.json()).toEqual(unknown.json());

    const text = mailText((await smtp.waitFor(user.email, since)).raw);
    const token = text.match(/\/password\/reset\/([\w-]+)\?email=/)?.[1] ?? '';
    expect(token.length).toBeGreaterThan(30);
    const row = await t.deps.db
      .selectFrom('password_resets')
      .selectAll()
      .where('user_id', '=', user.id)
      .executeTakeFirstOrThrow();
    expect(row.token_hash).not.toBe(token);
    expect(Math.round((row.expires_at.getTime() - Date.now()) / 60_000)).toBe(60);

    const missing = await agent.post('/auth/reset-password', {});
    expect(Object.keys(missing.json().errors)).toEqual(
      expect.arrayContaining(['token', 'email', 'password', 'password_confirmation']),
    );
    const bad = await agent.post('/auth/reset-password', {
      token: 'nope',
      email: user.email,
      password: 'brand-new-password',
      password_confirmation: 'brand-new-password',
    });
    expect(bad.json().errors.email).toBe('This password reset token is invalid.');

    const reset = await agent.post('/auth/reset-password', {
      token,
      email: user.email,
      password: 'brand-new-password',
      password_confirmation: 'brand-new-password',
    });
    expect(reset.statusCode).toBe(200);
    expect(reset.json()).toEqual({ message: 'Your password has been reset!' });
    expect((await signedIn.get('/api/v1/users/me')).statusCode).toBe(401);
    const again = await agent.post('/auth/reset-password', {
      token,
      email: user.email,
      password: 'another-password-1',
      password_confirmation: 'another-password-1',
    });
    expect(again.statusCode).toBe(422);
    expect(
      (await agent.post('/auth/login', { email: user.email, password: 'brand-new-password' })).statusCode,
    ).toBe(200);
  });

  it('refuses an expired reset token', async () => {
    const user = await createUserWithPassword(t.deps);
    const agent = createAgent(t.app, { ip: '10.2.2.3' });
    const since = smtp.received.length;
    await agent.post('/auth/forgot-password', { email: user.email });
    const token =
      mailText((await smtp.waitFor(user.email, since)).raw).match(
        /\/password\/reset\/([\w-]+)\?email=/,
      )?.[1] ?? '';
    await t.deps.db
      .updateTable('password_resets')
      .set({ expires_at: new Date(Date.now() - 1) })
      .where('user_id', '=', user.id)
      .execute();
    const res = await agent.post('/auth/reset-password', {
      token,
      email: user.email,
      password: 'brand-new-password',
      password_confirmation: 'brand-new-password',
    });
    expect(res.statusCode).toBe(422);
  });

  it('records sent mail in the outgoing-email log without the body', async () => {
    // Mail goes out from the job queue: an earlier test's message may still be on its way.
    await t.app.jobs.drain();
    const rows = await t.deps.db.selectFrom('mail_log').selectAll().where('status', '=', 'sent').execute();
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.every((row) => row.body === null && row.driver === 'smtp')).toBe(true);
    const viewer = await createTestUser(t.deps, { permissions: ['logs.view'] });
    const outsiderId = await createTestUser(t.deps);
    // Confirmation is required in this file: these users must be verified to use the API.
    await t.deps.db
      .updateTable('users')
      .set({ email_verified_at: new Date() })
      .where('id', 'in', [viewer, outsiderId])
      .execute();
    const { cookie } = await t.sessionCookie(viewer);
    const res = await t.app.inject({ url: '/api/v1/logs/outgoing-email', headers: { cookie } });
    expect(res.statusCode).toBe(200);
    expect(res.json().pagination.total).toBe(rows.length);
    const outsider = await t.sessionCookie(outsiderId);
    expect(
      (await t.app.inject({ url: '/api/v1/logs/outgoing-email', headers: { cookie: outsider.cookie } }))
        .statusCode,
    ).toBe(403);
  });
});
