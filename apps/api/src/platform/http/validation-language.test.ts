import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, createTestUser, type TestApp } from '../../test/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  // An admin's translation of the validation line, saved before the first page reads the lines.
  await t.deps.db
    .updateTable('localizations')
    .set({ lines: JSON.stringify({ 'The :attribute field is required.': 'Please fill in the :attribute.' }) })
    .where('language', '=', 'en')
    .execute();
});
afterAll(async () => t?.close());

describe('validation messages in the reader’s language', () => {
  it('answers a missing field with the translated line, on the message and on the field', async () => {
    const userId = await createTestUser(t.deps, { permissions: ['playlists.create'] });
    const { cookie, xsrf } = await t.sessionCookie(userId);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/playlists',
      headers: { cookie, 'x-xsrf-token': xsrf, origin: t.env.APP_URL },
      payload: {},
    });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual({
      message: 'Please fill in the name.',
      errors: { name: ['Please fill in the name.'] },
    });
  });
});
