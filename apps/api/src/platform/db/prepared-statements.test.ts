import { CompiledQuery, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isEmbeddedTarget } from '../../test/test-app';
import { type DatabaseHandle, openDatabase } from './database';
import { executeTemplate, preparedStatement, preparedStatementName } from './prepared-statements';

const ADMIN_URL = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
let handle: DatabaseHandle;

beforeAll(async () => {
  // One connection: the prepared statements listed below are those of the connection that ran them.
  handle = isEmbeddedTarget
    ? await openDatabase({ embeddedDir: 'memory://' })
    : await openDatabase({ url: ADMIN_URL, embeddedDir: 'unused', poolMax: 1 });
});
afterAll(async () => handle?.close());

const PREPARED = preparedStatement('select $1::int + 1 as n /* prepared-statements.test */');
const PLAIN = 'select $1::int + 2 as n /* prepared-statements.test */';

async function preparedNames(): Promise<string[]> {
  const { rows } = await sql<{ name: string }>`select name from pg_prepared_statements`.execute(handle.db);
  return rows.map((row) => row.name);
}

describe('prepared statements', () => {
  it('answers a registered text like any other, with its bound parameters', async () => {
    for (const value of [1, 41]) {
      const { rows } = await handle.db.executeQuery<{ n: number }>(CompiledQuery.raw(PREPARED, [value]));
      expect(rows).toEqual([{ n: value + 1 }]);
    }
    const { rows } = await handle.db.executeQuery<{ n: number }>(CompiledQuery.raw(PLAIN, [1]));
    expect(rows).toEqual([{ n: 3 }]);
  });

  it.skipIf(isEmbeddedTarget)('sends a registered text as a named statement, and only that one', async () => {
    await handle.db.executeQuery(CompiledQuery.raw(PREPARED, [1]));
    await handle.db.executeQuery(CompiledQuery.raw(PLAIN, [1]));
    const names = await preparedNames();
    expect(names).toContain(preparedStatementName(PREPARED));
    expect(names).toHaveLength(1);
  });

  it("compiles a template once and binds each input in its marker's slot", async () => {
    let builds = 0;
    const build = (value: number) => {
      builds += 1;
      return handle.db.selectNoFrom([
        sql<number>`${value}::int * 2`.as('n'),
        sql<string>`${'fixed'}::text`.as('label'),
      ]);
    };
    const marker = -987_654_321;
    const first = await executeTemplate(handle.db, 'template.test', marker, 4, build);
    const second = await executeTemplate(handle.db, 'template.test', marker, 21, build);
    expect([first, second]).toEqual([[{ n: 8, label: 'fixed' }], [{ n: 42, label: 'fixed' }]]);
    expect(builds).toBe(1);
  });

  it('refuses a template that does not bind its input exactly once', async () => {
    const twice = (value: number) =>
      handle.db.selectNoFrom(sql<number>`${value}::int + ${value}::int`.as('n'));
    await expect(executeTemplate(handle.db, 'template.test.twice', -1, 1, twice)).rejects.toThrow(
      /exactly once/,
    );
  });
});

describe.skipIf(isEmbeddedTarget)('a prepared statement a migration made stale', () => {
  const TABLE = 'prepared_statements_test_stale';
  const STAR = preparedStatement(`select * from ${TABLE} where id = $1 /* prepared-statements.test */`);

  it('answers with the columns the table has now, twice in a row', async () => {
    await sql.raw(`drop table if exists ${TABLE}`).execute(handle.db);
    await sql.raw(`create table ${TABLE} (id int primary key, a int)`).execute(handle.db);
    await sql.raw(`insert into ${TABLE} values (1, 2)`).execute(handle.db);
    const run = async () => (await handle.db.executeQuery(CompiledQuery.raw(STAR, [1]))).rows;
    expect(await run()).toEqual([{ id: 1, a: 2 }]);
    // What another replica's migration does under this connection.
    await sql.raw(`alter table ${TABLE} add column b int default 3`).execute(handle.db);
    expect(await run()).toEqual([{ id: 1, a: 2, b: 3 }]);
    expect(await run()).toEqual([{ id: 1, a: 2, b: 3 }]);
    await sql.raw(`alter table ${TABLE} add column c int default 4`).execute(handle.db);
    expect(await run()).toEqual([{ id: 1, a: 2, b: 3, c: 4 }]);
    await sql.raw(`drop table ${TABLE}`).execute(handle.db);
  });
});
