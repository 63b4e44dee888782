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
 * PostgreSQL's answer to a prepared statement whose result columns changed since it was parsed
 * (a `select users.*` after a migration added a column to `users`): the statement stays broken on
 * that connection, so every later call would fail the same way.
 */
function isStaleResultType(error: unknown): boolean {
  const { code, message } = (error ?? {}) as { code?: unknown; message?: unknown };
  return (
    code === '0A000' &&
    typeof message === 'string' &&
    message.includes('cached plan must not change result type')
  );
}

/**
 * Makes `client.query(text, values)` of a registered text a named statement (`{ name, text,
 * values }`); every other call goes through unchanged (Kysely's cursors pass an object).
 *
 * A statement a migration made stale (see `isStaleResultType`: another replica of a rolling
 * deploy migrated the database under this one's open connections) is prepared again under a new
 * name on this connection and the call repeated once, so its answer has the columns the table
 * has now. Outside a transaction only: inside one the failure already aborted it.
 */
export function prepareRegisteredStatements(client: { query: QueryFn }): void {
  const query = client.query.bind(client) as QueryFn;
  /** This connection's current name of each registered text prepared again after going stale. */
  const renamed = new Map<string, string>();
  let preparedAgain = 0;
  client.query = (...args: unknown[]) => {
    const [text, values] = args;
    if (args.length === 2 && typeof text === 'string' && Array.isArray(values)) {
      const name = names.get(text);
      if (name) {
        const current = renamed.get(name) ?? name;
        return (query({ name: current, text, values }) as Promise<unknown>).catch((error: unknown) => {
          if (!isStaleResultType(error)) throw error;
          preparedAgain += 1;
          const fresh = `${name}_${preparedAgain}`;
          renamed.set(name, fresh);
          return query({ name: fresh, text, values });
        });
      }
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
