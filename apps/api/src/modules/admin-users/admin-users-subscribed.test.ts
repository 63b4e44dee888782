import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, createTestUser, type TestApp } from '../../test/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t?.close());

async function subscribe(userId: number, productId: number, status: string, endsAt: Date | null) {
  await t.deps.db
    .insertInto('subscriptions')
    .values({ user_id: userId, product_id: productId, gateway_name: 'none', status, ends_at: endsAt })
    .execute();
}

describe('GET /api/v1/users?subscribed=', () => {
  it('keeps users with a valid subscription (live status, not past its end), or those without', async () => {
    const { id: productId } = await t.deps.db
      .insertInto('products')
      .values({ name: 'Pro' })
      .returning('id')
      .executeTakeFirstOrThrow();
    const paying = await createTestUser(t.deps, { email: 'sub-paying@example.com' });
    const ending = await createTestUser(t.deps, { email: 'sub-ending@example.com' });
    const lapsed = await createTestUser(t.deps, { email: 'sub-lapsed@example.com' });
    const cancelled = await createTestUser(t.deps, { email: 'sub-cancelled@example.com' });
    await createTestUser(t.deps, { email: 'sub-never@example.com' });
    await subscribe(paying, productId, 'active', null);
    await subscribe(ending, productId, 'active', new Date(Date.now() + 86_400_000));
    await subscribe(lapsed, productId, 'active', new Date(Date.now() - 86_400_000));
    await subscribe(cancelled, productId, 'canceled', null);

    const admin = await createTestUser(t.deps, { permissions: ['users.update'] });
    const { cookie, xsrf } = await t.sessionCookie(admin);
    const emails = async (subscribed: string) => {
      const response = await t.app.inject({
        url: `/api/v1/users?query=sub-&subscribed=${subscribed}&orderBy=email&orderDir=asc`,
        headers: { cookie, 'x-xsrf-token': xsrf },
      });
      expect(response.statusCode, response.body).toBe(200);
      return response.json().pagination.data.map((user: { email: string }) => user.email);
    };
    expect(await emails('1')).toEqual(['sub-ending@example.com', 'sub-paying@example.com']);
    expect(await emails('0')).toEqual([
      'sub-cancelled@example.com',
      'sub-lapsed@example.com',
      'sub-never@example.com',
    ]);
    const bad = await t.app.inject({
      url: '/api/v1/users?subscribed=maybe',
      headers: { cookie, 'x-xsrf-token': xsrf },
    });
    expect(bad.statusCode).toBe(422);
  });
});
