import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isBlockedAddress } from './safe-fetch';

describe('isBlockedAddress', () => {
  it('blocks private, loopback, link-local and reserved addresses, in IPv4-mapped form too', () => {
    for (const address of [
      '127.0.0.1',
      '10.1.2.3',
      '172.16.0.1',
      '172.31.255.255',
      '192.168.1.1',
      '169.254.169.254',
      '100.64.0.1',
      '0.0.0.0',
      '::1',
      '::',
      'fe80::1',
      'fd00::1',
      '::ffff:10.0.0.1',
      '::ffff:127.0.0.1',
      'not-an-ip',
    ]) {
      expect(isBlockedAddress(address), address).toBe(true);
    }
    for (const address of ['93.184.216.34', '8.8.8.8', '2606:4700::1111', '172.32.0.1']) {
      expect(isBlockedAddress(address), address).toBe(false);
    }
  });

  it('the loopback flag lets only loopback through', () => {
    expect(isBlockedAddress('127.0.0.1', true)).toBe(false);
    expect(isBlockedAddress('::1', true)).toBe(false);
    expect(isBlockedAddress('10.0.0.1', true)).toBe(true);
    expect(isBlockedAddress('169.254.169.254', true)).toBe(true);
  });

  it('every 10.x.y.z and 192.168.y.z address is blocked, mapped or not', () => {
    const octet = fc.integer({ min: 0, max: 255 });
    fc.assert(
      fc.property(octet, octet, octet, (a, b, c) => {
        expect(isBlockedAddress(`10.${a}.${b}.${c}`)).toBe(true);
        expect(isBlockedAddress(`::ffff:192.168.${b}.${c}`)).toBe(true);
      }),
    );
  });
});
