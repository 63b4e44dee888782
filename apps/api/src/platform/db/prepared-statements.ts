import type { CompiledQuery, QueryResult } from 'kysely';

/**
 * Statements the PostgreSQL driver sends as named prepared statements. A registered text is
 * parsed once per pooled connection, and after five executions PostgreSQL keeps a generic plan
 * for it, so its planning (milliseconds for the search's tiered CTEs, more than their execution
 * on a small catalogue) is no longer paid on every request.
 *
 * Only constant texts are registered: a prepared statement lives as long as its connection, so
 * texts that vary with their input (an `in (...)` list of changing length) must not be. Embedded
 * mode (PGlite, in-process) ignores the registry.
 */
const names = new Map<string, string>();

/** Registers `text` (a constant with `$n` parameters) and returns it unchanged. */
export function preparedStatement(text: string): string {
  if (!names.has(text)) names.set(text, `cadence_prepared_${names.size + 1}`);
  return text;
}

/** The statement name of a registered text, or undefined. */
export function preparedStatementName(text: string): string | undefined {
  return names.get(text);
}

type QueryFn = (...args: unknown[]) => unknown;

/**
 * Makes `client.query(text, values)` of a registered text a named statement (`{ name, text,
 * values }`); every other call goes through unchanged (Kysely's cursors pass an object).
 */
export function prepareRegisteredStatements(client: { query: QueryFn }): void {
  const query = client.query.bind(client) as QueryFn;
  client.query = (...args: unknown[]) => {
    const [text, values] = args;
    if (args.length === 2 && typeof text === 'string' && Array.isArray(values)) {
      const name = names.get(text);
      if (name) return query({ name, text, values });
    }
    return query(...args);
  };
}

/**
 * Runs a Kysely query as a prepared statement. Only for queries whose text does not depend on
 * their input: ids as one array parameter (`id = any($1::bigint[])`), never `in (...)`.
 */
export async function executePrepared<Row>(
  db: { executeQuery<R>(query: CompiledQuery<R>): Promise<QueryResult<R>> },
  query: { compile(): CompiledQuery<Row> },
): Promise<Row[]> {
  const compiled = query.compile();
  preparedStatement(compiled.sql);
  return (await db.executeQuery(compiled)).rows;
}
