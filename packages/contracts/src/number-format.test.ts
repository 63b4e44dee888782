import { describe, expect, it } from 'vitest';
import { numberFormat } from './number-format';

describe('numberFormat', () => {
  it('gives the same formatter for the same locale and options, another for other options', () => {
    const plain = numberFormat('en');
    expect(numberFormat('en')).toBe(plain);
    const dollars = numberFormat('en', { style: 'currency', currency: 'USD' });
    expect(dollars).not.toBe(plain);
    expect(numberFormat('en', { style: 'currency', currency: 'USD' })).toBe(dollars);
    expect(dollars.format(12.5)).toBe('$12.50');
    expect(numberFormat('de', { style: 'currency', currency: 'EUR' }).format(1234.5)).toBe('1.234,50\u00a0€');
  });

  it('refuses what Intl refuses, and keeps no entry for it', () => {
    expect(() => numberFormat('en', { style: 'currency', currency: 'NOT-A-CODE' })).toThrow(RangeError);
    expect(() => numberFormat('en', { style: 'currency', currency: 'NOT-A-CODE' })).toThrow(RangeError);
  });
});
