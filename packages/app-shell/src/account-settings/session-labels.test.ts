import { describe, expect, it } from 'vitest';
import { visibleAccountSections } from './account-settings-sections';
import { checkAvatarFile } from './avatar-file';
import { deviceIcon, sessionAddressLabel } from './session-labels';

describe('session labels (spec 2.6)', () => {
  it('picks the device icon', () => {
    expect(deviceIcon('mobile')).toBe('mobile');
    expect(deviceIcon('tablet')).toBe('tablet');
    expect(deviceIcon('desktop')).toBe('computer');
    expect(deviceIcon(null)).toBe('computer');
  });

  it('shows the IP, else "API Token", else "Unknown IP"', () => {
    expect(sessionAddressLabel({ ip_address: '10.0.0.1', token: null })).toBe('10.0.0.1');
    expect(sessionAddressLabel({ ip_address: null, token: 'ci' })).toBe('API Token');
    expect(sessionAddressLabel({ ip_address: null, token: null })).toBe('Unknown IP');
  });
});

describe('avatar file check (spec 5)', () => {
  it('allows images up to 2 MB only', () => {
    expect(checkAvatarFile({ name: 'a.png', size: 2_097_152, type: 'image/png' })).toBeNull();
    expect(checkAvatarFile({ name: 'a.png', size: 2_097_153, type: 'image/png' })).toBe(
      '`a.png` exceeds maximum allowed size of 2 MB',
    );
    expect(checkAvatarFile({ name: 'a.pdf', size: 10, type: 'application/pdf' })).toBe(
      'This file type is not allowed',
    );
  });
});

describe('account settings sections (spec 2.6)', () => {
  const off = { enable: false };
  const settings = (api: boolean, google: boolean) => ({
    api: { integrated: api },
    social: { google: { enable: google }, facebook: off, twitter: off, envato: off, compact_buttons: false },
  });

  it('lists the panels in order, social and tokens only when they apply', () => {
    expect(visibleAccountSections(settings(false, false), true).map((s) => s.id)).toEqual([
      'account-details',
      'password',
      'two-factor',
      'sessions',
      'location-and-language',
      'delete-account',
    ]);
    const all = visibleAccountSections(settings(true, true), true).map((s) => s.id);
    expect(all).toContain('social-login');
    expect(all).toContain('developers');
    expect(visibleAccountSections(settings(true, true), false).map((s) => s.id)).not.toContain('developers');
  });
});
