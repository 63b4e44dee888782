import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDatabase } from '../../seed/seed';
import { createTestApp, type TestApp } from '../../test/test-app';
import { migrateToLatest } from './migrate';
import { migrations } from './migrations/index';
import { migrationNames } from './migrations/names';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t?.close());

describe('migrations and seed', () => {
  it('migrations are idempotent', async () => {
    expect((await migrateToLatest(t.deps.db)).applied).toEqual([]);
  });

  it('names every migration, and only those, in the list a start checks before loading them', () => {
    expect([...migrationNames].sort()).toEqual(Object.keys(migrations).sort());
  });

  it('hands a database with a migration this version does not know to the migrator, which refuses it', async () => {
    const name = '2099-01-01T00-00_from-a-newer-version';
    const table = 'kysely_migration' as never;
    await t.deps.db
      .insertInto(table)
      .values({ name, timestamp: new Date().toISOString() } as never)
      .execute();
    try {
      await expect(migrateToLatest(t.deps.db)).rejects.toThrow(name);
    } finally {
      await t.deps.db
        .deleteFrom(table)
        .where('name' as never, '=', name as never)
        .execute();
    }
    expect((await migrateToLatest(t.deps.db)).applied).toEqual([]);
  });

  it('the seed runs once: a second run changes nothing', async () => {
    const count = async () => ({
      users: (
        await t.deps.db
          .selectFrom('users')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
      roles: (
        await t.deps.db
          .selectFrom('roles')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
      settings: (
        await t.deps.db
          .selectFrom('settings')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    });
    const before = await count();
    expect(before.users).toBe(1);
    expect(Number(before.roles)).toBeGreaterThan(0);
    expect(await seedDatabase(t.deps.db, t.env, t.deps.appKey)).toEqual({ created: false });
    expect(await count()).toEqual(before);
  });

  it('the first admin holds the admin permission and a password hash', async () => {
    const admin = await t.deps.db.selectFrom('users').selectAll().executeTakeFirstOrThrow();
    expect(admin.email).toBe('admin@cadence.local');
    expect(admin.password).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    const grants = await t.deps.db
      .selectFrom('permissionables')
      .innerJoin('permissions', 'permissions.id', 'permissionables.permission_id')
      .select('permissions.name')
      .where('permissionable_type', '=', 'user')
      .where('permissionable_id', '=', admin.id)
      .execute();
    expect(grants.map((g) => g.name)).toContain('admin');
  });

  // A second app while the first holds the worker's kept instance: embedded, a new PGlite from the tarball.
  it('generates a 20-character admin password when none is configured', { timeout: 60_000 }, async () => {
    const other = await createTestApp({ isSeeded: false });
    try {
      const result = await seedDatabase(other.deps.db, other.env, other.deps.appKey);
      expect(result.created && result.admin.generatedPassword).toMatch(/^[A-Za-z0-9]{20}$/);
    } finally {
      await other.close();
    }
  });
});
