import { ZClientSettingsSchema } from '@cadence/contracts/settings';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  clientSettingDefaults,
  flattenSettings,
  isSettingKey,
  nestSettings,
  readEnvSetting,
  type SettingDefinition,
  settingDefinitions,
  settingKeys,
} from './settings-definitions';

const entries = Object.entries(settingDefinitions) as [string, SettingDefinition][];

// Meant for browsers: demo sites prefill their public demo credentials on the login form (spec 2.4).
const publicByDesign = new Set(['demo.password']);

describe('settingDefinitions', () => {
  it('gives every key a default that passes its own schema', () => {
    for (const [key, definition] of entries) {
      const result = definition.schema.safeParse(definition.default);
      expect(result.success, `${key}: ${result.error?.message}`).toBe(true);
    }
  });

  it('nests the client defaults into the shape the apps parse', () => {
    const nested = nestSettings(clientSettingDefaults());
    const parsed = ZClientSettingsSchema.parse(nested);
    expect(parsed.homepage).toEqual({ type: 'channel', value: 'discover' });
    expect(parsed.uploads.chunk_size).toBe(5242880);
    expect(parsed.themes).toMatchObject({ default_id: 0, user_change: true });
    expect(parsed.cookie_notice).toEqual({ enable: false, position: 'bottom', button: null });
    expect(parsed.dates.default_timezone).toBe('auto');
    expect(parsed.branding.logo_light).toBe('images/logo-light.svg');
    expect(parsed.player).toMatchObject({ default_volume: 30, repeat_default: 'all', seekbar_type: 'line' });
  });

  it('keeps secrets and credentials out of bootstrap data', () => {
    const clientKeys = settingKeys((d) => d.scope === 'client');
    expect(clientKeys).not.toContain('recaptcha.secret_key');
    for (const key of clientKeys.filter((k) => !publicByDesign.has(k))) {
      expect(key).not.toMatch(/secret|password|token|api_key/);
      // Only a public env value read at each use (the site name) may reach bootstrap data.
      if (settingDefinitions[key].env) expect(settingDefinitions[key], key).toHaveProperty('runtime', true);
    }
    const nested = JSON.stringify(nestSettings(clientSettingDefaults()));
    expect(nested).not.toContain('secret_key');
  });

  it('marks every credential-looking env setting secret', () => {
    for (const [key, definition] of entries) {
      if (publicByDesign.has(key)) continue;
      if (/_secret$|password|_token$/.test(key)) expect(definition.scope, key).toBe('secret');
    }
  });

  it('names env settings after their upper-cased key', () => {
    const envKeys = entries.filter(([, d]) => d.env && !d.derived && d.scope !== 'client');
    expect(envKeys.length).toBeGreaterThan(30);
    for (const [key, definition] of envKeys) {
      expect(definition.env).toBe(key.toUpperCase());
      expect(definition.scope).not.toBe('client');
    }
  });

  it('never uses a key as the prefix of another, so nesting loses nothing', () => {
    const keys = entries.map(([key]) => key);
    for (const key of keys) {
      expect(
        keys.filter((other) => other.startsWith(`${key}.`)),
        key,
      ).toEqual([]);
    }
  });

  it('keeps the design defaults', () => {
    const d = (key: keyof typeof settingDefinitions) => settingDefinitions[key].default;
    expect(d('mail_driver')).toBe('log');
    expect(d('queue_driver')).toBe('sync');
    expect(d('player.seekbar_type')).toBe('line');
    expect(d('artist_page.tabs')).toHaveLength(6);
    expect((d('menus') as unknown[]).length).toBeGreaterThanOrEqual(5);
    expect(d('landing')).toMatchObject({ header_image_opacity: 0.2, show_pricing: false });
    expect(settingDefinitions['player.default_volume'].schema.safeParse(101).success).toBe(false);
    expect(settingDefinitions['homepage.type'].schema.safeParse('nowhere').success).toBe(false);
  });

  it('covers the settings tabs with settings of their own plus the pages outside them', () => {
    const tabs = new Set(entries.map(([, d]) => d.tab));
    // cache, logging, search and providers only explain what the server does: no key of their own.
    for (const tab of [
      'general',
      'subscriptions',
      'localization',
      'authentication',
      'uploading',
      'outgoing-email',
      'analytics',
      'queue',
      'websockets',
      'recaptcha',
      'gdpr',
      'player',
      'appearance',
      'ads',
      'internal',
    ] as const) {
      expect(tabs.has(tab), tab).toBe(true);
    }
  });
});

describe('readEnvSetting', () => {
  it('coerces strings to the schema type and falls back to the default', () => {
    expect(readEnvSetting('mail_driver', { MAIL_DRIVER: 'smtp' })).toBe('smtp');
    expect(readEnvSetting('mail_driver', { MAIL_DRIVER: 'carrier-pigeon' })).toBe('log');
    expect(readEnvSetting('mail_driver', {})).toBe('log');
    expect(readEnvSetting('mail_port', { MAIL_PORT: '587' })).toBe(587);
    expect(readEnvSetting('uploads_disable_tus', { UPLOADS_DISABLE_TUS: '0' })).toBe(false);
    expect(readEnvSetting('storage_s3_region', { STORAGE_S3_REGION: '12345' })).toBe('12345');
  });
});

describe('nestSettings / flattenSettings', () => {
  it('nests dotted keys', () => {
    expect(nestSettings({ 'a.b.c': 1, 'a.d': 2, e: 3 })).toEqual({ a: { b: { c: 1 }, d: 2 }, e: 3 });
  });

  it('lets a deeper key win over a scalar at its prefix, whatever the order', () => {
    expect(nestSettings({ 'a.b': 1, a: 'x' })).toEqual({ a: { b: 1 } });
    expect(nestSettings({ a: 'x', 'a.b': 1 })).toEqual({ a: { b: 1 } });
  });

  it('refuses prototype-polluting segments and leaves its input alone', () => {
    const input = { '__proto__.polluted': true, 'x.constructor': 1, cookie: { a: 1 }, 'cookie.b': 2 };
    const nested = nestSettings(input);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(nested).toEqual({ cookie: { a: 1, b: 2 } });
    expect(input.cookie).toEqual({ a: 1 });
  });

  it('keeps JSON-valued keys whole when flattening', () => {
    const flat = flattenSettings({ landing: { header_title: 'x' }, player: { default_volume: 40 } });
    expect(flat).toEqual({ landing: { header_title: 'x' }, 'player.default_volume': 40 });
    expect(isSettingKey('landing')).toBe(true);
    expect(isSettingKey('toString')).toBe(false);
  });

  it('round-trips every set of registry keys', () => {
    const keys = entries.map(([key]) => key);
    fc.assert(
      fc.property(fc.subarray(keys, { minLength: 1 }), fc.integer(), (subset, seed) => {
        const flat = Object.fromEntries(subset.map((key, i) => [key, `${seed}-${i}`]));
        expect(flattenSettings(nestSettings(flat))).toEqual(flat);
      }),
    );
  });
});
