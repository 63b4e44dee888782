import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app';
import { actor } from '../catalogue/catalogue.test-helper';

describe('account listening settings', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  }, 180_000);
  afterAll(async () => t?.close());

  it('keeps the pre-amp and the auto loudness mode, leaving the other settings as they were', async () => {
    const listener = await actor(t, ['music.play']);
    const put = (payload: Record<string, unknown>) =>
      t.app.inject({ method: 'PUT', url: '/api/v1/account/listening', headers: listener.headers, payload });
    expect((await put({ crossfade_seconds: 6 })).statusCode).toBe(200);
    const saved = await put({ loudness: 'auto', preamp_db: -3.5 });
    expect(saved.statusCode).toBe(200);
    const read = await t.app.inject({ url: '/api/v1/account/listening', headers: listener.headers });
    expect(read.json().settings).toEqual({
      max_bit_rate: null,
      format: null,
      loudness: 'auto',
      preamp_db: -3.5,
      crossfade_seconds: 6,
    });
  });

  it('answers 422 at the field for a pre-amp or crossfade out of bounds', async () => {
    const listener = await actor(t, ['music.play']);
    for (const [payload, field] of [
      [{ preamp_db: 16 }, 'preamp_db'],
      [{ preamp_db: 'loud' }, 'preamp_db'],
      [{ crossfade_seconds: 13 }, 'crossfade_seconds'],
      [{ loudness: 'max' }, 'loudness'],
    ] as const) {
      const res = await t.app.inject({
        method: 'PUT',
        url: '/api/v1/account/listening',
        headers: listener.headers,
        payload,
      });
      expect(res.statusCode, field).toBe(422);
      expect(res.json().errors[field], field).toBeDefined();
    }
  });
});
