import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { appOrigins, EnvError, loadEnv } from './env';

describe('loadEnv', () => {
  it('applies the defaults', () => {
    const env = loadEnv({}, '/srv/cadence');
    expect(env.PORT).toBe(3000);
    expect(env.HOST).toBe('0.0.0.0');
    expect(env.DATA_DIR).toBe('/srv/cadence/data');
    expect(env.DATABASE_URL).toBeUndefined();
    expect(env.REDIS_URL).toBeUndefined();
    expect(env.APP_URL).toBe('http://localhost:3000');
    expect(env.APP_DEBUG).toBe(false);
    expect(env.LOG_LEVEL).toBe('info');
    expect(env.TRUST_PROXY).toBe(false);
    expect(path.basename(env.STATIC_DIR)).toBe('apps');
  });

  it('parses booleans, numbers and urls and treats empty strings as unset', () => {
    const env = loadEnv(
      {
        PORT: '8080',
        APP_DEBUG: 'true',
        TRUST_PROXY: '1',
        DATABASE_URL: 'postgres://u@db/cadence',
        REDIS_URL: '',
        APP_URL: 'https://music.example.com/',
      },
      '/x',
    );
    expect(env.PORT).toBe(8080);
    expect(env.APP_DEBUG).toBe(true);
    expect(env.TRUST_PROXY).toBe(true);
    expect(env.DATABASE_URL).toBe('postgres://u@db/cadence');
    expect(env.REDIS_URL).toBeUndefined();
    expect(env.APP_URL).toBe('https://music.example.com');
  });

  it('names every bad variable in one multi-line error', () => {
    let caught: unknown;
    try {
      loadEnv({ PORT: 'abc', APP_DEBUG: 'maybe', DATABASE_URL: 'mysql://x', APP_KEY: 'short' });
    } catch (error) {
      caught = error;
    }
    expect(caught).toBeInstanceOf(EnvError);
    const message = (caught as EnvError).message;
    expect(message.split('\n').length).toBeGreaterThanOrEqual(5);
    for (const name of ['PORT', 'APP_DEBUG', 'DATABASE_URL', 'APP_KEY'])
      expect(message).toContain(`${name}:`);
  });

  it('checks the variables read beyond the table and the env-level settings against their definitions', () => {
    const env = loadEnv({ QUEUE_WORKER: 'false', MAIL_PORT: '2525', STORAGE_BACKBLAZE_KEY: 'key' });
    expect(env.QUEUE_DRIVER).toBe('sync');
    expect(env.QUEUE_WORKER).toBe(false);
    expect(env.SEED_DEMO_CATALOGUE).toBe(true);
    expect(env.STORAGE_BACKBLAZE_KEY).toBe('key');
    expect(env.settingVars).toMatchObject({ MAIL_PORT: '2525' });
    expect(env.settingVars).not.toHaveProperty('QUEUE_WORKER');
    expect(() =>
      loadEnv({
        QUEUE_DRIVER: 'bullmq',
        REALTIME_HEARTBEAT_MS: 'soon',
        MAIL_PORT: 'abc',
        MAIL_ENCRYPTION: 'rot13',
      }),
    ).toThrow(/QUEUE_DRIVER:[\s\S]*REALTIME_HEARTBEAT_MS:[\s\S]*MAIL_PORT:[\s\S]*MAIL_ENCRYPTION:/);
  });

  it('puts the apps under APP_URL by default and answers CORS only for apps moved elsewhere', () => {
    const single = loadEnv({ APP_URL: 'https://music.example.com/' });
    expect([single.PLAYER_URL, single.ADMIN_URL, single.BACKSTAGE_URL]).toEqual([
      'https://music.example.com',
      'https://music.example.com/admin',
      'https://music.example.com/backstage',
    ]);
    expect(appOrigins(single)).toEqual([]);
    expect(single.SESSION_COOKIE_SAME_SITE).toBe('lax');

    const split = loadEnv({
      APP_URL: 'https://api.example.com',
      ADMIN_URL: 'https://admin.example.com/',
      PLAYER_URL: 'https://example.com/app/',
      SESSION_COOKIE_DOMAIN: 'Example.com',
    });
    expect(split.ADMIN_URL).toBe('https://admin.example.com');
    expect(split.PLAYER_URL).toBe('https://example.com/app');
    expect(split.SESSION_COOKIE_DOMAIN).toBe('example.com');
    expect(appOrigins(split)).toEqual(['https://example.com', 'https://admin.example.com']);
  });

  it('refuses a cookie domain that is not the api host or its parent, and SameSite=None without https', () => {
    expect(() => loadEnv({ APP_URL: 'https://api.example.com', SESSION_COOKIE_DOMAIN: 'other.com' })).toThrow(
      /SESSION_COOKIE_DOMAIN/,
    );
    expect(() => loadEnv({ APP_URL: 'http://api.example.com', SESSION_COOKIE_SAME_SITE: 'none' })).toThrow(
      /SESSION_COOKIE_SAME_SITE/,
    );
    expect(() => loadEnv({ ADMIN_URL: 'ftp://admin.example.com' })).toThrow(/ADMIN_URL/);
    expect(
      loadEnv({ APP_URL: 'https://api.example.com', SESSION_COOKIE_SAME_SITE: 'none' })
        .SESSION_COOKIE_SAME_SITE,
    ).toBe('none');
  });
});
