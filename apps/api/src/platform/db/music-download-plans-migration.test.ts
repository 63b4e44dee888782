import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app';
import { down, up } from './migrations/2026-11-29T19-00_grant-music-download-to-paid-plans';

let t: TestApp;
let planIds: number[];
beforeAll(async () => {
  t = await createTestApp();
  // Plans as an install seeded before issue 37 holds them, and one the admin made.
  planIds = [];
  for (const [position, [name, free, isSeed]] of (
    [
      ['Offline Basic', true, true],
      ['Offline Pro', false, true],
      ['Offline Custom', false, false],
    ] as const
  ).entries()) {
    const { id } = await t.deps.db
      .insertInto('products')
      .values({
        name,
        description: null,
        is_seed: isSeed,
        feature_list: '[]',
        position: 100 + position,
        recommended: false,
        free,
        upload_minutes: null,
        stripe_id: null,
        paypal_id: null,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    planIds.push(id);
  }
}, 60_000);
afterAll(async () => t?.close());

/** Each test plan's name and whether it grants music.download. */
async function grants(): Promise<[string, boolean][]> {
  const rows = await t.deps.db
    .selectFrom('products')
    .leftJoin('permissionables', (join) =>
      join
        .onRef('permissionables.permissionable_id', '=', 'products.id')
        .on('permissionables.permissionable_type', '=', 'plan')
        .on(
          'permissionables.permission_id',
          '=',
          t.deps.db.selectFrom('permissions').select('id').where('name', '=', 'music.download'),
        ),
    )
    .select(['products.name', 'permissionables.permission_id'])
    .where('products.id', 'in', planIds)
    .orderBy('products.id')
    .execute();
  return rows.map((row) => [row.name, row.permission_id !== null]);
}

describe('migration 2026-11-29T19-00 grant-music-download-to-paid-plans', () => {
  it("grants an older install's seeded paid plan music.download once, never the free one, and takes it back on down", async () => {
    const before = [
      ['Offline Basic', false],
      ['Offline Pro', false],
      ['Offline Custom', false],
    ];
    expect(await grants()).toEqual(before);
    await up(t.deps.db);
    await up(t.deps.db);
    expect(await grants()).toEqual([
      ['Offline Basic', false],
      ['Offline Pro', true],
      ['Offline Custom', false],
    ]);
    await down(t.deps.db);
    expect(await grants()).toEqual(before);
  });
});
