import { ZValueListsResponseSchema } from '@cadence/contracts/value-lists';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t?.close());

describe('GET /api/v1/value-lists/:names', () => {
  it('returns the requested lists', async () => {
    const res = await t.app.inject({ url: '/api/v1/value-lists/timezones,countries,localizations' });
    expect(res.statusCode).toBe(200);
    const body = ZValueListsResponseSchema.parse(res.json());
    expect(body.timezones?.Europe?.some((zone) => zone.value === 'Europe/Paris')).toBe(true);
    expect(body.countries?.find((country) => country.code === 'FR')?.name).toBe('France');
    expect(body.localizations).toEqual([{ language: 'en', name: 'English' }]);
  });

  it('answers only what was asked', async () => {
    const body = (await t.app.inject({ url: '/api/v1/value-lists/countries' })).json();
    expect(Object.keys(body)).toEqual(['countries']);
  });

  it('answers 422 for an unknown name', async () => {
    const res = await t.app.inject({ url: '/api/v1/value-lists/countries,planets' });
    expect(res.statusCode).toBe(422);
    expect(res.json().message).toContain('planets');
    expect(res.json().errors).toHaveProperty('names');
  });
});
