import { describe, expect, it } from 'vitest';
import { lookupLocation } from './geoip';

describe('offline GeoIP', () => {
  it('finds the country and city of public addresses, v4 and v6', async () => {
    // MaxMind's own test address; and a public resolver (country only in the free database).
    expect(await lookupLocation('81.2.69.160')).toEqual({ country: 'GB', city: 'Bracknell' });
    expect(await lookupLocation('::ffff:81.2.69.160')).toEqual({ country: 'GB', city: 'Bracknell' });
    expect((await lookupLocation('2001:4860:4860::8888')).country).toBe('US');
  });

  it('knows nothing of private, loopback or malformed addresses', async () => {
    for (const ip of ['127.0.0.1', '10.1.2.3', '192.168.0.1', '::1', 'not-an-ip', '', undefined]) {
      expect(await lookupLocation(ip)).toEqual({ country: null, city: null });
    }
  });
});
