import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { ZLoginResponseSchema, ZRegisterResponseSchema } from '@cadence/contracts/auth';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashToken } from '../../platform/auth/tokens';
import { createTestApp, type TestApp } from '../../test/test-app';
import { createAgent, createUserWithPassword } from './test-agent';

let t: TestApp;
let recaptchaPeer: Server;
const recaptchaCalls: URLSearchParams[] = [];

beforeAll(async () => {
  // A real HTTP peer standing in for the reCAPTCHA verification endpoint.
  recaptchaPeer = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk) => {
      body += chunk;
    });
    request.on('end', () => {
      const params = new URLSearchParams(body);
      recaptchaCalls.push(params);
      response.setHeader('content-type', 'application/json');
      response.end(JSON.stringify({ success: params.get('response') === 'human-token', score: 0.9 }));
    });
  });
  await new Promise<void>((resolve) => recaptchaPeer.listen(0, '127.0.0.1', resolve));
  const port = (recaptchaPeer.address() as AddressInfo).port;
  t = await createTestApp({ env: { RECAPTCHA_VERIFY_URL: `http://127.0.0.1:${port}/siteverify` } });
});
afterAll(async () => {
  await t?.close();
  await new Promise((resolve) => recaptchaPeer?.close(resolve));
});

const sessionCount = async (userId: number) =>
  Number(
    (
      await t.deps.db
        .selectFrom('sessions')
        .select((eb) => eb.fn.countAll().as('n'))
        .where('user_id', '=', userId)
        .executeTakeFirstOrThrow()
    ).n,
  );

describe('POST /auth/register', () => {
  it('creates a verified user with an argon2id hash, signs them in and answers bootstrapData', async () => {
    const agent = createAgent(t.app);
    const res = await agent.post('/auth/register', {
      email: 'New.Person@example.com',
      password: 'long-enough-password',
      password_confirmation: 'long-enough-password',
    });
    expect(res.statusCode).toBe(200);
    const body = ZRegisterResponseSchema.parse(res.json());
    expect(body.status).toBe('success');
    expect(body.bootstrapData.user?.email).toBe('New.Person@example.com');
    const row = await t.deps.db
      .selectFrom('users')
      .selectAll()
      .where('email', '=', 'New.Person@example.com')
      .executeTakeFirstOrThrow();
    expect(row.password).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(row.email_verified_at).not.toBeNull();
    const roles = await t.deps.db
      .selectFrom('user_role')
      .innerJoin('roles', 'roles.id', 'user_role.role_id')
      .select('roles.default')
      .where('user_id', '=', row.id)
      .execute();
    expect(roles.length).toBeGreaterThan(0);
    expect(roles.every((role) => role.default)).toBe(true);
    expect((await agent.get('/api/v1/users/me')).json().user.email).toBe('New.Person@example.com');
  });

  it('answers 422 with the spec field names', async () => {
    const agent = createAgent(t.app);
    const missing = await agent.post('/auth/register', {});
    expect(missing.statusCode).toBe(422);
    expect(Object.keys(missing.json().errors)).toEqual(
      expect.arrayContaining(['email', 'password', 'password_confirmation']),
    );
    expect(missing.json().errors.email).toEqual(['The email field is required.']);

    const mismatch = await agent.post('/auth/register', {
      email: 'x1@example.com',
      password: 'long-enough-password',
      password_confirmation: 'different-password',
    });
    expect(mismatch.json()).toMatchObject({
      errors: { password: 'The password confirmation does not match.' },
    });

    const taken = await agent.post('/auth/register', {
      email: 'NEW.person@EXAMPLE.com',
      password: 'long-enough-password',
      password_confirmation: 'long-enough-password',
    });
    expect(taken.json().errors.email).toBe('The email has already been taken.');
  });

  it('requires every registration policy, refuses blacklisted domains and honours registration.disable', async () => {
    await t.app.services.settings.save({
      client: {
        registration: {
          policies: [{ id: 'terms', label: 'terms of service', type: 'link', action: '/pages/terms' }],
        },
        auth: { domain_blacklist: 'spam.test, @junk.test' },
      },
    });
    const agent = createAgent(t.app);
    const base = { password: 'long-enough-password', password_confirmation: 'long-enough-password' };
    const noPolicy = await agent.post('/auth/register', { ...base, email: 'p@example.com' });
    expect(noPolicy.statusCode).toBe(422);
    expect(noPolicy.json().errors.terms).toBe('The terms of service must be accepted.');
    const blocked = await agent.post('/auth/register', { ...base, email: 'a@mail.junk.test', terms: true });
    expect(blocked.json().errors.email).toBe('This email domain is not allowed.');
    expect(
      (await agent.post('/auth/register', { ...base, email: 'p@example.com', terms: true })).statusCode,
    ).toBe(200);

    await t.app.services.settings.save({ client: { registration: { disable: true } } });
    const disabled = await createAgent(t.app).post('/auth/register', {
      ...base,
      email: 'q@example.com',
      terms: true,
      invite_id: 5,
      invite_type: 'workspace',
    });
    expect(disabled.statusCode).toBe(403);
    expect(disabled.json().message).toBe('Registration is disabled.');
    await t.app.services.settings.save({
      client: { registration: { disable: false, policies: [] }, auth: { domain_blacklist: '' } },
    });
  });

  it('checks reCAPTCHA server-side when enabled and a secret is set', async () => {
    await t.app.services.settings.save({
      client: {
        recaptcha: { enable: { register: true }, site_key: 'site-key', secret_key: 'server-secret' },
      },
    });
    const base = { password: 'long-enough-password', password_confirmation: 'long-enough-password' };
    const agent = createAgent(t.app);
    const refused = await agent.post('/auth/register', { ...base, email: 'bot@example.com' });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().errors.recaptcha).toBe('Could not verify you are human.');

    expect((await agent.post('/api/v1/recaptcha/verify', { token: 'bot-token' })).json()).toEqual({
      success: false,
    });
    expect((await agent.post('/api/v1/recaptcha/verify', { token: 'human-token' })).json()).toEqual({
      success: true,
    });
    expect(recaptchaCalls.at(-1)?.get('secret')).toBe('server-secret');
    expect((await agent.post('/auth/register', { ...base, email: 'human@example.com' })).statusCode).toBe(
      200,
    );
    // The pass is single-use.
    const again = await createAgent(t.app).post('/auth/register', { ...base, email: 'human2@example.com' });
    expect(again.statusCode).toBe(422);
    await t.app.services.settings.save({
      client: { recaptcha: { enable: { register: false }, site_key: '', secret_key: '' } },
    });
  });
});

describe('POST /auth/login and /auth/logout', () => {
  it('answers the same for a wrong password and an unknown email', async () => {
    const { email } = await createUserWithPassword(t.deps);
    const agent = createAgent(t.app, { ip: '10.0.0.2' });
    const wrong = await agent.post('/auth/login', { email, password: 'wrong-password' });
    const unknown = await agent.post('/auth/login', {
      email: 'nobody@example.com',
      password: 'wrong-password',
    });
    expect(wrong.statusCode).toBe(422);
    expect(unknown.statusCode).toBe(422);
    expect(wrong.json()).toEqual(unknown.json());
    expect(wrong.json().errors.email).toBe('These credentials do not match our records.');
    const invalid = await agent.post('/auth/login', { email: 'not-an-email', password: '' });
    expect(invalid.json().errors).toMatchObject({
      email: ['The email must be a valid email address.'],
      password: ['The password field is required.'],
    });
  });

  it('remember keeps the session a month; without it the cookie lasts the browser session; each login gets a new id', async () => {
    const { id, email, password } = await createUserWithPassword(t.deps);
    const agent = createAgent(t.app, { ip: '10.0.0.3' });
    const remembered = await agent.post('/auth/login', { email, password, remember: true });
    expect(remembered.statusCode).toBe(200);
    const body = ZLoginResponseSchema.parse(remembered.json());
    expect('bootstrapData' in body && body.bootstrapData.user?.id).toBe(id);
    const cookie = remembered.cookies.find((c) => c.name === 'cadence_session');
    expect(cookie?.httpOnly).toBe(true);
    const days = ((cookie?.expires?.getTime() ?? 0) - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(29);
    expect(days).toBeLessThan(31);
    const firstToken = cookie?.value ?? '';

    const plain = await agent.post('/auth/login', { email, password, remember: false });
    const sessionCookie = plain.cookies.find((c) => c.name === 'cadence_session');
    expect(sessionCookie?.expires).toBeUndefined();
    expect(sessionCookie?.value).not.toBe(firstToken);
    // The earlier session id is gone: no fixation, no pile-up.
    expect(
      await t.deps.db
        .selectFrom('sessions')
        .select('id')
        .where('id', '=', hashToken(firstToken))
        .executeTakeFirst(),
    ).toBeUndefined();
    expect(await sessionCount(id)).toBe(1);

    const logout = await agent.post('/auth/logout');
    expect(logout.statusCode).toBe(200);
    expect(logout.json().bootstrapData.user).toBeNull();
    expect(await sessionCount(id)).toBe(0);
    expect((await agent.get('/api/v1/users/me')).statusCode).toBe(401);
  });

  it('refuses a banned user with the suspended message, and logs out other devices with single_device_login', async () => {
    const banned = await createUserWithPassword(t.deps, { isBanned: true });
    const res = await createAgent(t.app, { ip: '10.0.0.4' }).post('/auth/login', {
      email: banned.email,
      password: banned.password,
    });
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe('Your account is suspended');

    const user = await createUserWithPassword(t.deps);
    await createAgent(t.app, { ip: '10.0.0.4' }).post('/auth/login', {
      email: user.email,
      password: user.password,
    });
    await createAgent(t.app, { ip: '10.0.0.4' }).post('/auth/login', {
      email: user.email,
      password: user.password,
    });
    expect(await sessionCount(user.id)).toBe(2);
    await t.app.services.settings.save({ server: {}, client: { single_device_login: true } });
    await createAgent(t.app, { ip: '10.0.0.4' }).post('/auth/login', {
      email: user.email,
      password: user.password,
    });
    expect(await sessionCount(user.id)).toBe(1);
    await t.app.services.settings.save({ client: { single_device_login: false } });
  });

  it('throttles brute force per IP and email, whatever the path variant, override or X-Forwarded-For', async () => {
    const { email } = await createUserWithPassword(t.deps);
    const agent = createAgent(t.app, { ip: '10.9.9.9' });
    const statuses: number[] = [];
    const variants = ['/auth/login', '/auth/login/', '/auth/login?via=query'];
    for (let i = 0; i < 12; i++) {
      const url = variants[i % variants.length] ?? '/auth/login';
      const res = await agent.post(
        url,
        { email: i % 2 ? email.toUpperCase() : email, password: `guess-${i}` },
        { 'x-forwarded-for': `1.2.3.${i}` },
      );
      statuses.push(res.statusCode);
    }
    expect(statuses.slice(0, 10).every((status) => status === 422)).toBe(true);
    expect(statuses.slice(10)).toEqual([429, 429]);
    const blocked = await agent.post('/auth/login', { email, password: 'x' });
    expect(blocked.json().message).toMatch(/^Too many attempts\. Please try again in \d+ seconds\.$/);
    expect(blocked.headers['retry-after']).toBeDefined();
    // The override cannot reach login by another method, and another case is another (unknown) path.
    expect(
      (await agent.post('/auth/login', { email, password: 'x' }, { 'x-http-method-override': 'PUT' }))
        .statusCode,
    ).toBe(404);
    expect((await agent.post('/AUTH/LOGIN', { email, password: 'x' })).statusCode).toBe(404);
  });
});

describe('mail without MAIL_URL (embedded default)', () => {
  it('writes the password reset mail, link included, to the outgoing-email log', async () => {
    const user = await createUserWithPassword(t.deps);
    await createAgent(t.app, { ip: '10.5.5.5' }).post('/auth/forgot-password', { email: user.email });
    const logged = () =>
      t.deps.db
        .selectFrom('mail_log')
        .select(['body', 'driver', 'status'])
        .where('to', '=', user.email)
        .executeTakeFirst();
    // Polled until the row is there (bounded), not for a fixed 50 rounds: a busy machine took longer.
    await expect.poll(logged, { timeout: 15_000, interval: 20 }).toBeDefined();
    const row = await logged();
    expect(row).toMatchObject({ driver: 'log', status: 'logged' });
    expect(row?.body).toMatch(new RegExp(`${t.env.APP_URL}/password/reset/[\\w-]+\\?email=`));
  });
});

describe('OpenAPI', () => {
  it('documents the account routes from their contracts', async () => {
    const spec = await t.app.inject({ url: '/api-docs/openapi.json' });
    expect(Object.keys(spec.json().paths)).toEqual(
      expect.arrayContaining([
        '/auth/login',
        '/auth/register',
        '/auth/two-factor-challenge',
        '/api/v1/users/{id}',
        '/api/v1/users/{id}/avatar',
        '/api/v1/user-sessions',
        '/api/v1/access-tokens',
        '/auth/user/two-factor/qr-code',
        '/secure/auth/social/{service}/login',
      ]),
    );
  });
});
