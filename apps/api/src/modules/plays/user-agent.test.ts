import { describe, expect, it } from 'vitest';
import { countryFromHeaders, parseUserAgent } from './user-agent';

describe('parseUserAgent', () => {
  it.each([
    [
      'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0 Safari/537.36 Edg/124.0',
      'windows',
      'desktop',
      'edge',
    ],
    [
      'Mozilla/5.0 (Macintosh; Intel Mac OS X 14_4) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Safari/605.1.15',
      'mac',
      'desktop',
      'safari',
    ],
    [
      'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) CriOS/124.0 Mobile/15E148 Safari/604.1',
      'ios',
      'mobile',
      'chrome',
    ],
    ['Mozilla/5.0 (X11; Linux x86_64; rv:125.0) Gecko/20100101 Firefox/125.0', 'linux', 'desktop', 'firefox'],
    [
      'Mozilla/5.0 (Linux; Android 13; SM-X200) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0 Safari/537.36',
      'android',
      'tablet',
      'chrome',
    ],
  ])('%s', (ua, platform, device, browser) => {
    expect(parseUserAgent(ua)).toEqual({ platform, device, browser });
  });

  it('leaves unknown agents unknown', () => {
    expect(parseUserAgent(undefined)).toEqual({ platform: null, device: 'unknown', browser: null });
    expect(parseUserAgent('curl/8.0')).toEqual({ platform: null, device: 'desktop', browser: null });
  });
});

describe('countryFromHeaders', () => {
  it('reads CDN country headers and drops unknown codes', () => {
    expect(countryFromHeaders({ 'cf-ipcountry': 'de' })).toBe('DE');
    expect(countryFromHeaders({ 'cf-ipcountry': 'XX', 'x-country-code': 'FR' })).toBe('FR');
    expect(countryFromHeaders({ 'cf-ipcountry': 'T1' })).toBeNull();
    expect(countryFromHeaders({ 'cf-ipcountry': 'Germany' })).toBeNull();
    expect(countryFromHeaders({})).toBeNull();
  });
});
