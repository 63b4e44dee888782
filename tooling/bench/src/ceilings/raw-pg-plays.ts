import { readFileSync } from 'node:fs';
import Fastify from 'fastify';
import pg from 'pg';

/**
 * The twin of `POST /api/v1/tracks/{id}/plays`: bare Fastify replaying, through raw `pg`, the
 * statements one recorded play ran in the api (captured on the wire: the track read, the play
 * insert, the counters and the daily roll-ups), with the api's concurrency, for the track in the
 * address: every parameter that was the captured track's id becomes this request's id.
 */
type TQuery = { text: string; values: (string | null)[] };
const groups = JSON.parse(readFileSync(process.env.QUERIES_FILE as string, 'utf8')) as TQuery[][];
const capturedId = process.env.CAPTURED_TRACK_ID as string;

const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 10 });
const app = Fastify();

app.get('/', async () => ({ status: 'ok' }));
app.post<{ Params: { id: string } }>('/plays/:id', async (request) => {
  const id = String(Number(request.params.id));
  for (const group of groups) {
    await Promise.all(
      group.map((query) =>
        pool.query(
          query.text,
          query.values.map((value) => (value === capturedId ? id : value)),
        ),
      ),
    );
  }
  return { recorded: true };
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
