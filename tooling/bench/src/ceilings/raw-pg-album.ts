import { readFileSync } from 'node:fs';
import Fastify from 'fastify';
import pg from 'pg';

/**
 * The twin of `GET /api/v1/albums/{id}`: bare Fastify replaying, through raw `pg`, the exact
 * statements one api request ran (captured on the wire), with the api's concurrency (statements
 * the api had in flight together run together) and the api's pool size.
 */
type TQuery = { text: string; values: (string | null)[] };
const groups = JSON.parse(readFileSync(process.env.QUERIES_FILE as string, 'utf8')) as TQuery[][];

const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 10 });
const app = Fastify();

app.get('/', async () => ({ status: 'ok' }));
app.get('/album', async () => {
  const results: unknown[] = [];
  for (const group of groups) {
    const answers = await Promise.all(group.map((query) => pool.query(query.text, query.values)));
    for (const answer of answers) results.push(answer.rows);
  }
  return results;
});

const port = Number(process.env.PORT ?? 3000);
const host = process.env.HOST ?? '127.0.0.1';

for (const signal of ['SIGTERM', 'SIGINT'] as const) {
  process.once(signal, () => {
    void app
      .close()
      .then(() => pool.end())
      .then(() => process.exit(0));
  });
}

await app.listen({ port, host });
