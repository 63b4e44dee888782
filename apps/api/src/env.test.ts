import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { EnvError, loadEnv } from './env';

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
});
