import { Secret, TOTP } from 'otpauth';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app';
import { createAgent, createUserWithPassword, loggedInAgent } from '../auth/test-agent';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t?.close());

const totp = (secret: string) =>
  new TOTP({ secret: Secret.fromBase32(secret), digits: 6, period: 30, algorithm: 'SHA1' });
/** A code from the next time step: valid (one step of drift) and distinct from the current one. */
const nextCode = (secret: string) => totp(secret).generate({ timestamp: Date.now() + 30_000 });

describe('two factor authentication', () => {
  it('needs a recent password confirmation (423), then enables, confirms, challenges and uses recovery codes once', async () => {
    const user = await createUserWithPassword(t.deps);
    const agent = await loggedInAgent(t.app, user.email, user.password);

    const locked = await agent.post('/auth/user/two-factor-authentication');
    expect(locked.statusCode).toBe(423);
    expect(locked.json().message).toBe('Password confirmation required.');
    expect((await agent.get('/auth/user/confirmed-password-status?seconds=9000')).json()).toEqual({
      confirmed: false,
    });
    const wrong = await agent.post('/auth/user/confirm-password', { password: 'nope' });
    expect(wrong.json().errors.password).toBe('The provided password was incorrect.');
    expect((await agent.post('/auth/user/confirm-password', { password: user.password })).json()).toEqual({
      confirmed: true,
    });
    expect((await agent.get('/auth/user/confirmed-password-status?seconds=9000')).json()).toEqual({
      confirmed: true,
    });

    const enabled = await agent.post('/auth/user/two-factor-authentication');
    expect(enabled.statusCode).toBe(200);
    const codes: string[] = enabled.json().recovery_codes;
    expect(codes).toHaveLength(8);
    expect(codes.every((code) => code.length === 21)).toBe(true);
    expect((await agent.get('/api/v1/users/me')).json().user.two_factor_status).toBe('finishing');

    const qr = await agent.get('/auth/user/two-factor/qr-code');
    const { svg, secret } = qr.json();
    expect(svg).toMatch(/^<svg[\s\S]*<\/svg>\s*$/);
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);

    const row = await t.deps.db
      .selectFrom('users')
      .select(['two_factor_secret', 'two_factor_recovery_codes'])
      .where('id', '=', user.id)
      .executeTakeFirstOrThrow();
    expect(row.two_factor_secret).toMatch(/^enc:v1:/);
    expect(row.two_factor_secret).not.toContain(secret);
    for (const code of codes) expect(row.two_factor_recovery_codes).not.toContain(code);

    const badConfirm = await agent.post('/auth/user/confirmed-two-factor-authentication', { code: '12345' });
    expect(badConfirm.json().errors.code).toEqual(['The code must be 6 characters.']);
    const confirmed = await agent.post('/auth/user/confirmed-two-factor-authentication', {
      code: totp(secret).generate(),
    });
    expect(confirmed.statusCode).toBe(200);
    expect(confirmed.json().user.two_factor_status).toBe('enabled');
    expect(confirmed.json().user.two_factor_confirmed_at).not.toBeNull();

    // Login now stops at the challenge.
    const device = createAgent(t.app, { ip: '10.7.0.1' });
    const login = await device.post('/auth/login', {
      email: user.email,
      password: user.password,
      remember: false,
    });
    expect(login.json()).toEqual({ two_factor: true });
    expect(device.jar.has('cadence_session')).toBe(false);
    expect((await device.post('/auth/two-factor-challenge', { code: '123' })).json().errors.code).toEqual([
      'The code must be 6 characters.',
    ]);
    expect(
      (await device.post('/auth/two-factor-challenge', { recovery_code: 'short' })).json().errors
        .recovery_code,
    ).toEqual(['The recovery code must be 21 characters.']);
    expect((await device.post('/auth/two-factor-challenge', {})).json().errors.code).toEqual([
      'The code field is required.',
    ]);

    const code = nextCode(secret);
    const passed = await device.post('/auth/two-factor-challenge', { code });
    expect(passed.statusCode).toBe(200);
    expect(passed.json().bootstrapData.user.id).toBe(user.id);

    // The same code cannot be replayed on a new login.
    const replay = createAgent(t.app, { ip: '10.7.0.2' });
    await replay.post('/auth/login', { email: user.email, password: user.password });
    const replayed = await replay.post('/auth/two-factor-challenge', { code });
    expect(replayed.statusCode).toBe(422);
    expect(replayed.json().errors.code).toBe('The provided two factor authentication code was invalid.');

    // A recovery code works once.
    const recovery = codes[0] ?? '';
    expect((await replay.post('/auth/two-factor-challenge', { recovery_code: recovery })).statusCode).toBe(
      200,
    );
    const third = createAgent(t.app, { ip: '10.7.0.3' });
    await third.post('/auth/login', { email: user.email, password: user.password });
    const reused = await third.post('/auth/two-factor-challenge', { recovery_code: recovery });
    expect(reused.json().errors.recovery_code).toBe('The provided two factor recovery code was invalid.');

    // Regenerating replaces every code.
    const regenerated = await agent.post('/auth/user/two-factor-recovery-codes');
    const fresh: string[] = regenerated.json().recovery_codes;
    expect(fresh).toHaveLength(8);
    expect((await third.post('/auth/two-factor-challenge', { recovery_code: codes[1] })).statusCode).toBe(
      422,
    );
    expect((await third.post('/auth/two-factor-challenge', { recovery_code: fresh[0] })).statusCode).toBe(
      200,
    );

    const disabled = await agent.delete('/auth/user/two-factor-authentication');
    expect(disabled.json()).toEqual({ message: 'Two factor authentication has been disabled.' });
    const plain = await createAgent(t.app, { ip: '10.7.0.4' }).post('/auth/login', {
      email: user.email,
      password: user.password,
    });
    expect(plain.json().bootstrapData.user.two_factor_confirmed_at).toBeNull();
  });

  it('ends a pending login after five wrong codes and refuses a challenge without a pending login', async () => {
    const user = await createUserWithPassword(t.deps);
    const agent = await loggedInAgent(t.app, user.email, user.password);
    await agent.post('/auth/user/confirm-password', { password: user.password });
    await agent.post('/auth/user/two-factor-authentication');
    const { secret } = (await agent.get('/auth/user/two-factor/qr-code')).json();
    await agent.post('/auth/user/confirmed-two-factor-authentication', { code: totp(secret).generate() });

    const stranger = createAgent(t.app, { ip: '10.8.0.1' });
    expect((await stranger.post('/auth/two-factor-challenge', { code: '000000' })).statusCode).toBe(422);

    const device = createAgent(t.app, { ip: '10.8.0.2' });
    await device.post('/auth/login', { email: user.email, password: user.password });
    for (let i = 0; i < 5; i++) await device.post('/auth/two-factor-challenge', { code: '000000' });
    const late = await device.post('/auth/two-factor-challenge', { code: nextCode(secret) });
    expect(late.statusCode).toBe(422);
    expect(late.json().errors.code).toBe('Your login attempt has expired. Please log in again.');
  });

  it('the password confirmation lasts 9000 seconds', async () => {
    const user = await createUserWithPassword(t.deps);
    const agent = await loggedInAgent(t.app, user.email, user.password);
    await agent.post('/auth/user/confirm-password', { password: user.password });
    await t.deps.db
      .updateTable('sessions')
      .set({ password_confirmed_at: new Date(Date.now() - 8990_000) })
      .where('user_id', '=', user.id)
      .execute();
    expect((await agent.get('/auth/user/confirmed-password-status')).json().confirmed).toBe(true);
    expect((await agent.get('/auth/user/confirmed-password-status?seconds=60')).json().confirmed).toBe(false);
    await t.deps.db
      .updateTable('sessions')
      .set({ password_confirmed_at: new Date(Date.now() - 9010_000) })
      .where('user_id', '=', user.id)
      .execute();
    expect((await agent.get('/auth/user/confirmed-password-status')).json().confirmed).toBe(false);
    expect((await agent.post('/auth/user/two-factor-authentication')).statusCode).toBe(423);
  });
});
