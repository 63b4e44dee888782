import { describe, expect, it } from 'vitest';
import { loadPg } from './database';

describe('loading pg', () => {
  it('gives the driver and leaves no navigator behind on a runtime without one', () => {
    const hadNavigator = 'navigator' in globalThis;
    const pg = loadPg();
    expect(typeof pg.Pool).toBe('function');
    expect(typeof pg.types.setTypeParser).toBe('function');
    expect('navigator' in globalThis).toBe(hadNavigator);
  });
});
