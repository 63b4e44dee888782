import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, createTestUser, type TestApp } from '../../test/test-app';
import { startSmtpPeer } from '../auth/smtp-peer';
import { SECRET_MASK } from './settings.service';

let t: TestApp;
let smtp: Awaited<ReturnType<typeof startSmtpPeer>>;
let admin: Record<string, string>;
const adminEmail = 'settings-admin@example.com';

async function headersFor(userId: number) {
  const { cookie, xsrf } = await t.sessionCookie(userId);
  return { cookie, 'x-xsrf-token': xsrf };
}

beforeAll(async () => {
  [t, smtp] = await Promise.all([createTestApp(), startSmtpPeer()]);
  admin = await headersFor(
    await createTestUser(t.deps, { email: adminEmail, permissions: ['settings.view', 'settings.update'] }),
  );
});
afterAll(async () => {
  await t?.close();
  await smtp?.close();
});

const save = (payload: object, headers = admin) =>
  t.app.inject({ method: 'POST', url: '/api/v1/settings', headers, payload });

async function settingRows(): Promise<Record<string, string | null>> {
  const rows = await t.deps.db.selectFrom('settings').select(['name', 'value']).execute();
  return Object.fromEntries(rows.map((row) => [row.name, row.value]));
}

const peerPort = () => Number(new URL(smtp.url).port);

describe('outgoing mail settings', () => {
  it('sends a test message through the new SMTP server before saving, then keeps the password secret', async () => {
    const before = smtp.received.length;
    const saved = await save({
      server: {
        mail_driver: 'smtp',
        mail_host: '127.0.0.1',
        mail_port: peerPort(),
        mail_username: 'mailer',
        mail_password: 'p@ss word',
        mail_from_address: 'noreply@example.com',
      },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().changed).toContain('mail_host');
    const mail = await smtp.waitFor(adminEmail, before);
    expect(mail.raw).toContain('Test message from');
    const logged = await t.deps.db.selectFrom('mail_log').selectAll().where('to', '=', adminEmail).execute();
    expect(logged).toEqual([
      expect.objectContaining({ status: 'sent', driver: 'smtp', subject: 'Test message from Cadence' }),
    ]);

    const rows = await settingRows();
    expect(rows.mail_host).toBe('"127.0.0.1"');
    expect(rows.mail_password).not.toContain('p@ss word');
    expect(await t.app.services.settings.get('mail_password')).toBe('p@ss word');

    const view = await t.app.inject({ url: '/api/v1/settings', headers: admin });
    expect(view.body).not.toContain('p@ss word');
    expect(view.json().server.mail_password).toBe(SECRET_MASK);
    expect(view.json().env.mail_host).toEqual({ variable: 'MAIL_HOST', is_locked: false });
    expect(view.json().mail.is_setup).toBe(true);

    // The masked secret sent back unchanged keeps the stored one.
    const again = await save({ server: { mail_password: SECRET_MASK, mail_from_name: 'Cadence mail' } });
    expect(again.statusCode, again.body).toBe(200);
    expect(await t.app.services.settings.get('mail_password')).toBe('p@ss word');

    // The mailer uses the stored settings at once.
    const since = smtp.received.length;
    await t.app.mailer.send({ to: 'reader@example.com', subject: 'Hi', text: 'Hello', html: '<p>Hello</p>' });
    expect((await smtp.waitFor('reader@example.com', since)).from).toBe('noreply@example.com');
  });

  it('refuses credentials the server rejects with a field error, saving nothing', async () => {
    const rowsBefore = await settingRows();
    const wrongPassword = await save({
      server: { mail_password: 'not the password', mail_port: peerPort() },
    });
    expect(wrongPassword.statusCode).toBe(422);
    expect(wrongPassword.json().message).toBe('Could not persist settings.');
    expect(wrongPassword.json().errors.mail_password).toMatch(/refused this username or password/);

    const closedPort = await save({ server: { mail_host: '127.0.0.1', mail_port: 1 } });
    expect(closedPort.statusCode).toBe(422);
    expect(closedPort.json().errors.mail_host).toMatch(/Could not connect/);

    const reserved = await save({ server: { mail_driver: 'mailgun' } });
    expect(reserved.statusCode).toBe(422);
    expect(reserved.json().errors).toHaveProperty('mail_driver');

    expect(await settingRows()).toEqual(rowsBefore);
    expect(await t.app.services.settings.get('mail_password')).toBe('p@ss word');
    const failed = await t.deps.db
      .selectFrom('mail_log')
      .select('error')
      .where('to', '=', adminEmail)
      .where('status', '=', 'failed')
      .execute();
    expect(failed).toHaveLength(2);
  });
});

describe('validation', () => {
  it('answers 422 naming the field for a wrong type, an unknown key or an overlong value, saving nothing', async () => {
    const rowsBefore = await settingRows();
    const cases: [object, string][] = [
      [
        { client: { 'player.default_volume': 'loud', 'branding.site_description': 'kept?' } },
        'player.default_volume',
      ],
      [{ client: { 'no.such.key': 1, 'branding.site_description': 'kept?' } }, 'no.such.key'],
      [{ client: { 'billing.invoice.notes': 'x'.repeat(2001) } }, 'billing.invoice.notes'],
      [{ client: { 'analytics.tracking_code': 'G-'.repeat(40) } }, 'analytics.tracking_code'],
      [{ server: { queue_driver: 'redis' } }, 'queue_driver'],
      [{ server: { not_a_variable: 'x' } }, 'not_a_variable'],
      [{ server: { mail_port: 'twenty-five' } }, 'mail_port'],
    ];
    for (const [payload, field] of cases) {
      const response = await save(payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(422);
      expect(Object.keys(response.json().errors), JSON.stringify(payload)).toContain(field);
    }
    expect(await settingRows()).toEqual(rowsBefore);
  });

  it('records each save in the audit log with before and after, secrets masked', async () => {
    const response = await save({ client: { 'analytics.tracking_code': 'G-AUDIT1' } });
    expect(response.statusCode).toBe(200);
    const entry = await t.deps.db
      .selectFrom('audit_log')
      .selectAll()
      .where('action', '=', 'settings.update')
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(JSON.stringify(entry.after)).toContain('G-AUDIT1');
    const all = await t.deps.db.selectFrom('audit_log').select(['before', 'after']).execute();
    expect(JSON.stringify(all)).not.toContain('p@ss word');
  });

  it('stores the site name for the apps unless APP_NAME sets it', async () => {
    const response = await save({ server: { 'branding.site_name': 'Night Radio' } });
    expect(response.statusCode, response.body).toBe(200);
    const boot = await t.app.inject({ url: '/api/v1/bootstrap-data' });
    expect(boot.json().bootstrapData.settings.branding.site_name).toBe('Night Radio');
    const empty = await save({ server: { 'branding.site_name': '' } });
    expect(empty.statusCode).toBe(422);
  });
});

describe('settings set by the environment', () => {
  it('are read-only with the variable named', async () => {
    const locked = await createTestApp({ env: { MAIL_HOST: 'smtp.env.example', APP_NAME: 'Env Radio' } });
    try {
      const userId = await createTestUser(locked.deps, { permissions: ['settings.view', 'settings.update'] });
      const { cookie, xsrf } = await locked.sessionCookie(userId);
      const headers = { cookie, 'x-xsrf-token': xsrf };
      const view = await locked.app.inject({ url: '/api/v1/settings', headers });
      expect(view.json().server.mail_host).toBe('smtp.env.example');
      expect(view.json().env.mail_host).toEqual({ variable: 'MAIL_HOST', is_locked: true });
      expect(view.json().env.queue_driver).toEqual({ variable: 'QUEUE_DRIVER', is_locked: true });
      expect(view.json().env.app_url).toEqual({ variable: 'APP_URL', is_locked: true });
      expect(view.json().server.app_url).toBe(locked.env.APP_URL);
      const refused = await locked.app.inject({
        method: 'POST',
        url: '/api/v1/settings',
        headers,
        payload: { server: { mail_host: 'other.example', 'branding.site_name': 'Mine' } },
      });
      expect(refused.statusCode).toBe(422);
      expect(refused.json().errors.mail_host).toBe(
        'This setting is read from the MAIL_HOST environment variable.',
      );
      expect(refused.json().errors['branding.site_name']).toMatch(/APP_NAME/);
    } finally {
      await locked.close();
    }
  });
});

describe('cache and queue', () => {
  it('clears the caches: bootstrap data is rebuilt from the database', async () => {
    await t.app.inject({ url: '/api/v1/bootstrap-data' });
    await t.deps.db
      .updateTable('settings')
      .set({ value: JSON.stringify('Changed behind the cache') })
      .where('name', '=', 'analytics.tracking_code')
      .execute();
    const cleared = await t.app.inject({
      method: 'POST',
      url: '/api/v1/settings/cache/clear',
      headers: admin,
    });
    expect(cleared.statusCode).toBe(200);
    expect(await t.app.services.settings.get('analytics.tracking_code')).toBe('Changed behind the cache');
  });

  it('generates the sitemap on demand and says where it is', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/v1/settings/sitemap/generate',
      headers: admin,
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({ url: `${t.env.APP_URL}/sitemap.xml` });
    expect(response.json().files).toBeGreaterThanOrEqual(1);
    const index = await t.app.inject({ url: '/sitemap.xml' });
    expect(index.statusCode).toBe(200);
    expect(index.body).toContain('<sitemapindex');
  });

  it('shows the driver, the worker and failed jobs, and retries one', async () => {
    let calls = 0;
    t.app.jobs.register('settings-test-job', async () => {
      calls += 1;
      if (calls <= 3) throw new Error('boom');
    });
    await t.app.jobs.enqueue('settings-test-job', {});
    const deadline = Date.now() + 20_000;
    let failedId: string | undefined;
    while (!failedId && Date.now() < deadline) {
      const status = await t.app.inject({ url: '/api/v1/settings/queue', headers: admin });
      expect(status.statusCode).toBe(200);
      failedId = status.json().failed.find((job: { name: string }) => job.name === 'settings-test-job')?.id;
      if (!failedId) await new Promise((resolve) => setTimeout(resolve, 200));
    }
    expect(failedId).toBeDefined();
    const status = (await t.app.inject({ url: '/api/v1/settings/queue', headers: admin })).json();
    expect(status.driver).toBe(t.app.jobs.kind);
    expect(status.worker).toBe('running');
    expect(status.failed[0]).toMatchObject({ name: 'settings-test-job', error: 'boom' });

    const retried = await t.app.inject({
      method: 'POST',
      url: `/api/v1/settings/queue/failed/${failedId}/retry`,
      headers: admin,
    });
    expect(retried.statusCode).toBe(200);
    await t.app.jobs.drain();
    expect(calls).toBe(4);
    const missing = await t.app.inject({
      method: 'POST',
      url: '/api/v1/settings/queue/failed/nope/retry',
      headers: admin,
    });
    expect(missing.statusCode).toBe(404);
  }, 30_000);

  it('refuses guests (401) and listeners (403) on every settings endpoint', async () => {
    const listener = await headersFor(await createTestUser(t.deps, { permissions: ['admin.access'] }));
    const endpoints: { method: 'GET' | 'POST'; url: string; payload?: object }[] = [
      { method: 'GET', url: '/api/v1/settings' },
      { method: 'POST', url: '/api/v1/settings', payload: { client: { 'branding.site_description': 'x' } } },
      { method: 'POST', url: '/api/v1/settings/cache/clear' },
      { method: 'POST', url: '/api/v1/settings/sitemap/generate' },
      { method: 'GET', url: '/api/v1/settings/queue' },
      { method: 'POST', url: '/api/v1/settings/queue/failed/1/retry' },
    ];
    for (const endpoint of endpoints) {
      const guest = await t.app.inject({ ...endpoint, headers: {} });
      expect(guest.statusCode, endpoint.url).toBe(401);
      const refused = await t.app.inject({ ...endpoint, headers: listener });
      expect(refused.statusCode, endpoint.url).toBe(403);
    }
  });
});
