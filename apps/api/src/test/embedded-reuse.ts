import { readFile, writeFile } from 'node:fs/promises';
import { type Kysely, type KyselyPlugin, sql } from 'kysely';
import { type DatabaseHandle, openDatabase } from '../platform/db/database';
import { registerLongRunning } from '../platform/db/long-running';
import type { Database } from '../platform/db/schema';
import { snapshotFrom } from './database-templates';

/**
 * Opening a PGlite from a template tarball (WASM start, a 46 MB data directory, PostgreSQL's own
 * start) was most of the embedded pass: 122 s of set-up against 169 s of tests in 12 sampled
 * files (19 apps, 6.4 s each, load 15). A worker keeps one instance and, between tests, puts its
 * rows back to the template's: one `do` block that empties every table and reinserts the
 * template's rows and sequence positions (about 0.2 s). Schema and session state are checked
 * too: a test that changed the schema (a migration's `down`), or closed the database, or still
 * holds it (two apps at once) leaves the next test a fresh instance from the tarball, as before.
 */

/** The data restore of a template: written next to its tarball when the run's templates are built. */
function restoreFileOf(tarball: string): string {
  return `${tarball}.restore.sql`;
}

/** Everything that would make the data restore wrong: relations, columns, defaults, routines, triggers. */
async function schemaFingerprint(db: Kysely<Database>): Promise<string> {
  const { rows } = await sql<{ fingerprint: string }>`
    select md5(coalesce(string_agg(entry, ',' order by entry), '')) as fingerprint from (
      select concat_ws(' ', c.oid, c.relname, c.relkind, c.relnatts, c.relhastriggers)
      from pg_class c join pg_namespace n on n.oid = c.relnamespace
      where n.nspname not in ('pg_catalog', 'information_schema', 'pg_toast')
      union all select concat_ws(' ', oid, nspname) from pg_namespace
      union all select concat_ws(' ', oid, proname) from pg_proc where oid >= 16384
      union all select concat_ws(' ', oid, tgname, tgenabled) from pg_trigger
      union all select concat_ws(' ', oid, conname) from pg_constraint where oid >= 16384
      union all select concat_ws(' ', oid, typname) from pg_type where oid >= 16384
      union all select concat_ws(' ', oid, extname, extversion) from pg_extension
      union all select concat_ws(' ', oid, polname) from pg_policy
      union all select concat_ws(' ', attrelid, attname, atttypid, attnotnull, atthasdef, attisdropped)
        from pg_attribute where attrelid >= 16384
      union all select concat_ws(' ', adrelid, adnum, pg_get_expr(adbin, adrelid)) from pg_attrdef
      union all select concat_ws(' ', setdatabase, setrole, array_to_string(setconfig, ';')) from pg_db_role_setting
    ) entries(entry)`.execute(db);
  return rows[0]?.fingerprint ?? '';
}

/**
 * A `do` block that empties every table of `public` and puts back the rows and sequence positions
 * they hold now (triggers off while it runs: the ledger refuses TRUNCATE). Generated columns are
 * left to PostgreSQL; identity columns take the stored values.
 */
async function restoreScript(db: Kysely<Database>): Promise<string> {
  const { rows: tables } = await sql<{ name: string; columns: string; rows: unknown[] | null }>`
    select format('%I.%I', t.schemaname, t.tablename) as name,
      (select string_agg(quote_ident(column_name), ', ' order by ordinal_position)
        from information_schema.columns c
        where c.table_schema = t.schemaname and c.table_name = t.tablename and c.is_generated = 'NEVER') as columns,
      null::json as rows
    from pg_tables t where t.schemaname = 'public' order by t.tablename`.execute(db);
  for (const table of tables) {
    const { rows } = await sql<{
      rows: unknown[] | null;
    }>`select json_agg(t) as rows from ${sql.raw(table.name)} t`.execute(db);
    table.rows = rows[0]?.rows ?? null;
  }
  const { rows: sequences } = await sql<{ statement: string }>`
    select format('perform setval(%L, %s, %L::boolean);', format('%I.%I', schemaname, sequencename),
      coalesce(last_value, start_value), last_value is not null) as statement
    from pg_sequences where schemaname = 'public' order by sequencename`.execute(db);
  const data = JSON.stringify(tables.map((table) => table.rows));
  let tag = 'rows';
  while (data.includes(`$${tag}$`)) tag += '_';
  const inserts = tables.flatMap((table) =>
    table.rows?.length
      ? [
          `insert into ${table.name} (${table.columns}) overriding system value select ${table.columns} from json_populate_recordset(null::${table.name}, $${tag}$${JSON.stringify(table.rows)}$${tag}$::json);`,
        ]
      : [],
  );
  const names = tables.map((table) => `'${table.name.replaceAll("'", "''")}'`).join(', ');
  return [
    'do $restore$ declare',
    `  restore_tables text[] := array[${names}];`,
    "  restore_touched text[] := '{}';",
    '  restore_table text;',
    '  restore_nonempty boolean;',
    'begin',
    "perform set_config('session_replication_role', 'replica', true);",
    // Truncating all ~90 tables was most of the restore; a test writes to a few of them.
    'foreach restore_table in array restore_tables loop',
    "  execute 'select exists (select from ' || restore_table || ')' into restore_nonempty;",
    '  if restore_nonempty then restore_touched := restore_touched || restore_table; end if;',
    'end loop;',
    "if cardinality(restore_touched) > 0 then execute 'truncate table ' || array_to_string(restore_touched, ', ') || ' cascade'; end if;",
    ...inserts,
    ...sequences.map((row) => row.statement),
    'end $restore$',
  ].join('\n');
}

/** Writes the restore of the database's current rows next to its tarball (see `buildTemplates`). */
export async function writeRestoreScript(db: Kysely<Database>, tarball: string): Promise<void> {
  await writeFile(restoreFileOf(tarball), await restoreScript(db));
}

const scripts = new Map<string, Promise<string>>();

function restoreScriptFrom(tarball: string): Promise<string> {
  let script = scripts.get(tarball);
  if (!script) {
    script = readFile(restoreFileOf(tarball), 'utf8');
    scripts.set(tarball, script);
  }
  return script;
}

type Kept = { handle: DatabaseHandle; fingerprint: string; inUse: boolean };

/**
 * Ends a test's use of the shared instance. The PostgreSQL pass drops a test's database when its
 * app closes, so work that outlives the app fails there; on the kept instance the same work would
 * write into the next test's rows instead. Each test gets its own view of the instance, and once
 * the test lets go every statement of that view throws, as on a dropped database.
 */
class TestLease implements KyselyPlugin {
  private ended = false;

  end(): void {
    this.ended = true;
  }

  transformQuery: KyselyPlugin['transformQuery'] = (args) => {
    if (this.ended) {
      throw new Error(
        'This test database was released: work of a closed test app ran a statement after it closed.',
      );
    }
    return args.node;
  };

  transformResult: KyselyPlugin['transformResult'] = async (args) => args.result;
}

/** The handle a test gets: the instance seen through its lease, released by `drop`. */
function leased(handle: DatabaseHandle, release: () => Promise<void>) {
  const lease = new TestLease();
  const db = handle.db.withPlugin(lease);
  registerLongRunning(db, (work) => work(db));
  return {
    handle: { ...handle, db },
    drop: () => {
      lease.end();
      return release();
    },
  };
}

/** The worker's reusable instance; absent until the first test opens one, or after it was spoiled. */
let kept: Kept | undefined;

/** Counts for the set-up's timing log (`CADENCE_TEST_TIMING`). */
export const embeddedReuseCounts = { reused: 0, opened: 0 };

async function release(own: Kept): Promise<void> {
  try {
    // A test that failed inside a transaction, or set a parameter, leaves nothing to the next.
    await sql`rollback`.execute(own.handle.db);
    await sql`discard all`.execute(own.handle.db);
    if ((await schemaFingerprint(own.handle.db)) === own.fingerprint) {
      own.inUse = false;
      return;
    }
  } catch {
    // Closed, or broken: not reusable.
  }
  if (kept === own) kept = undefined;
  await own.handle.close().catch(() => {});
}

/** A database holding exactly the template's rows: the worker's instance restored, or a new one. */
export async function openEmbeddedTestDatabase(
  tarball: string,
): Promise<{ handle: DatabaseHandle; drop: () => Promise<void> }> {
  const script = await restoreScriptFrom(tarball);
  const own = kept;
  if (own && !own.inUse) {
    own.inUse = true;
    try {
      await sql.raw(script).execute(own.handle.db);
      embeddedReuseCounts.reused += 1;
      return leased(own.handle, () => release(own));
    } catch {
      if (kept === own) kept = undefined;
      await own.handle.close().catch(() => {});
    }
  }
  const handle = await openDatabase({
    embeddedDir: 'memory://',
    embeddedSnapshot: await snapshotFrom(tarball),
  });
  embeddedReuseCounts.opened += 1;
  if (kept) return leased(handle, () => handle.close());
  const fresh: Kept = { handle, fingerprint: await schemaFingerprint(handle.db), inUse: true };
  kept = fresh;
  return leased(handle, () => release(fresh));
}
