import { Migrator } from 'kysely/migration';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrations } from './platform/db/migrations/index';
import { migrateRuntime } from './runtime';
import { createTestApp, type TestApp } from './test/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ isSeeded: false });
});
afterAll(async () => t?.close());

describe('migrateRuntime', () => {
  it('drops the cached settings when a migration ran, and keeps them when none did', async () => {
    const migrator = new Migrator({
      db: t.deps.db,
      provider: { getMigrations: async () => migrations },
      allowUnorderedMigrations: true,
    });
    const { error, results } = await migrator.migrateDown();
    expect(error).toBeUndefined();
    const undone = results?.[0]?.migrationName;
    expect(undone).toBeTruthy();

    await t.deps.cache.set('settings:rows', 'stamp-before-the-migration', 3600);
    expect(await migrateRuntime(t.deps)).toEqual([undone]);
    expect(await t.deps.cache.get('settings:rows')).toBeUndefined();

    await t.deps.cache.set('settings:rows', 'stamp-after-the-migration', 3600);
    expect(await migrateRuntime(t.deps)).toEqual([]);
    expect(await t.deps.cache.get('settings:rows')).toBe('stamp-after-the-migration');
  });
});
