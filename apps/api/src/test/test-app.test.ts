import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { createTestApp } from './test-app';

describe('createTestApp', () => {
  it("refuses a closed app's statements, so work that outlives a test cannot write into the next one", {
    timeout: 60_000,
  }, async () => {
    const first = await createTestApp({ isSeeded: false });
    await first.close();
    // PostgreSQL: the database is dropped; embedded: the shared instance is restored for the
    // next test, and the closed test's view of it is fenced off.
    await expect(sql`select 1`.execute(first.deps.db)).rejects.toThrow();

    const next = await createTestApp({ isSeeded: false });
    try {
      const { rows } = await sql<{ one: number }>`select 1 as one`.execute(next.deps.db);
      expect(rows).toEqual([{ one: 1 }]);
      await expect(sql`select 1`.execute(first.deps.db)).rejects.toThrow();
    } finally {
      await next.close();
    }
  });
});
