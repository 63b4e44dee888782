import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, createTestUser, type TestApp } from '../../test/test-app';
import { settingDefinitions } from './settings-definitions';

/** Issue 32: the player settings listeners see reach bootstrap data; workspaces and preferences are admin settings. */
let t: TestApp;
let forced: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  forced = await createTestApp({ env: { WORKSPACES_INTEGRATED: 'true', NOTIF_SUBS_INTEGRATED: 'false' } });
});
afterAll(async () => {
  await t?.close();
  await forced?.close();
});

async function adminHeaders(app: TestApp) {
  const id = await createTestUser(app.deps, { permissions: ['settings.view', 'settings.update'] });
  const { cookie, xsrf } = await app.sessionCookie(id);
  return { cookie, 'x-xsrf-token': xsrf };
}

async function bootSettings(app: TestApp) {
  const boot = await app.app.inject({ url: '/api/v1/bootstrap-data' });
  return boot.json().bootstrapData.settings;
}

async function saveSettings(app: TestApp, payload: object) {
  return app.app.inject({
    method: 'POST',
    url: '/api/v1/settings',
    headers: await adminHeaders(app),
    payload,
  });
}

describe('player settings in bootstrap data', () => {
  it('carries the listener settings with their defaults, then what the admin saves', async () => {
    const before = await bootSettings(t);
    expect(before.player).toMatchObject({
      show_become_artist_button: false,
      show_upload_button: false,
      hide_radio_button: false,
      default_artist_view: 'list',
    });
    expect(before.artist_page.show_description).toBe(false);
    expect(before.artist_page.tabs.filter((tab: { active: boolean }) => tab.active)).toHaveLength(3);
    const tabs = [
      { id: 6, active: true },
      { id: 1, active: true },
    ];
    const saved = await saveSettings(t, {
      client: {
        player: {
          show_become_artist_button: true,
          show_upload_button: true,
          hide_radio_button: true,
          default_artist_view: 'grid',
        },
        artist_page: { show_description: true, tabs },
      },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const after = await bootSettings(t);
    expect(after.player).toMatchObject({
      show_become_artist_button: true,
      show_upload_button: true,
      hide_radio_button: true,
      default_artist_view: 'grid',
    });
    expect(after.artist_page).toEqual({ show_description: true, tabs });
  });

  it('no longer offers the removed settings, and ignores their stored rows', async () => {
    await t.deps.db
      .insertInto('settings')
      .values([
        { name: 'player.hide_video', value: 'true', is_private: false },
        { name: 'billing.accepted_cards', value: '["visa"]', is_private: false },
      ])
      .execute();
    await t.app.services.settings.dropCache();
    const settings = await bootSettings(t);
    expect(settings.player).not.toHaveProperty('hide_video');
    expect(settings.player).not.toHaveProperty('sort_method');
    expect(settings.billing).not.toHaveProperty('accepted_cards');
    const refused = await saveSettings(t, {
      client: { 'player.lyrics_automate': true, 'dates.format': 'long', artist_provider: 'spotify' },
      server: { memcached_host: 'x', sentry_dsn: 'https://key@sentry.example/1', pusher_key: 'x' },
    });
    expect(refused.statusCode).toBe(422);
    expect(Object.keys(refused.json().errors).sort()).toEqual([
      'artist_provider',
      'dates.format',
      'memcached_host',
      'player.lyrics_automate',
      'pusher_key',
      'sentry_dsn',
    ]);
    // Reserved drivers with no implementation are no longer valid values.
    expect(settingDefinitions.mail_driver.schema.safeParse('mailgun').success).toBe(false);
    expect(settingDefinitions.queue_driver.schema.safeParse('sqs').success).toBe(false);
    expect(settingDefinitions.uploads_disk_driver.schema.safeParse('ftp').success).toBe(false);
  });
});

describe('workspaces and notification preferences', () => {
  it('are admin settings, read at each use', async () => {
    const { settings } = t.app.services;
    expect((await bootSettings(t)).workspaces.integrated).toBe(false);
    expect(await settings.get('notif.subs.integrated')).toBe(false);
    const view = await t.app.inject({ url: '/api/v1/settings', headers: await adminHeaders(t) });
    expect(view.json().env['workspaces.integrated']).toEqual({
      variable: 'WORKSPACES_INTEGRATED',
      is_locked: false,
    });
    const saved = await saveSettings(t, {
      server: { 'workspaces.integrated': true, 'notif.subs.integrated': true },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const boot = await bootSettings(t);
    expect(boot.workspaces.integrated).toBe(true);
    expect(boot.notif.subs.integrated).toBe(true);
    expect(await settings.get('notif.subs.integrated')).toBe(true);
  });

  it('follow their environment variables when set, read-only in the admin', async () => {
    const boot = await bootSettings(forced);
    expect(boot.workspaces.integrated).toBe(true);
    expect(boot.notif.subs.integrated).toBe(false);
    const view = await forced.app.inject({ url: '/api/v1/settings', headers: await adminHeaders(forced) });
    expect(view.json().env['notif.subs.integrated']).toEqual({
      variable: 'NOTIF_SUBS_INTEGRATED',
      is_locked: true,
    });
    const refused = await saveSettings(forced, { server: { 'notif.subs.integrated': true } });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().errors['notif.subs.integrated']).toMatch(
      /NOTIF_SUBS_INTEGRATED environment variable/,
    );
  });
});
