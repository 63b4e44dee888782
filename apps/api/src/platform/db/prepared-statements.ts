import { CompiledQuery, type QueryResult } from 'kysely';

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

/** A statement compiled once: its registered text, its parameters and the slot its one input binds. */
type BoundTemplate = { sql: string; parameters: readonly unknown[]; slot: number };

const templatesByDb = new WeakMap<object, Map<string, BoundTemplate>>();

/**
 * Runs a Kysely query whose text does not depend on its one input as a prepared statement that
 * Kysely builds and compiles once per database handle and `key`: `build(marker)` is compiled the
 * first time, the parameter that is `marker` (by identity) found, and every later call binds
 * `input` in its place. Building and compiling a query with JSON subqueries costs more than
 * binding it (about a tenth of the album route's CPU per request). `build` must bind its input
 * exactly once and nothing else that varies between calls.
 */
export async function executeTemplate<Row, Input>(
  db: { executeQuery<R>(query: CompiledQuery<R>): Promise<QueryResult<R>> },
  key: string,
  marker: Input,
  input: Input,
  build: (input: Input) => { compile(): CompiledQuery<Row> },
): Promise<Row[]> {
  let templates = templatesByDb.get(db);
  if (!templates) {
    templates = new Map();
    templatesByDb.set(db, templates);
  }
  let template = templates.get(key);
  if (!template) {
    const { sql, parameters } = build(marker).compile();
    const slot = parameters.indexOf(marker);
    if (slot < 0 || parameters.lastIndexOf(marker) !== slot)
      throw new Error(`prepared template ${key}: its input must be bound exactly once`);
    template = { sql: preparedStatement(sql), parameters, slot };
    templates.set(key, template);
  }
  const bound = [...template.parameters];
  bound[template.slot] = input;
  return (await db.executeQuery(CompiledQuery.raw(template.sql, bound) as CompiledQuery<Row>)).rows;
}
