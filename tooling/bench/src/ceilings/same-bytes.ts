import { readFileSync } from 'node:fs';
import Fastify from 'fastify';

/**
 * A bare Fastify answering recorded responses verbatim: same status, headers and body bytes as
 * the api sent once (RESPONSES_FILE, written by `src/harness/same-bytes.ts`). The ceiling for a
 * route whose payload is large: it costs what sending those bytes costs, and nothing the api does
 * to produce them.
 */
type TRecorded = { status: number; headers: Record<string, string | string[]>; bodyBase64: string };

const recorded = JSON.parse(readFileSync(process.env.RESPONSES_FILE as string, 'utf8')) as Record<
  string,
  TRecorded
>;

const app = Fastify();
for (const [url, response] of Object.entries(recorded)) {
  const body = Buffer.from(response.bodyBase64, 'base64');
  app.get(url, (_request, reply) => {
    reply.code(response.status).headers(response.headers).send(body);
  });
}
app.get('/__ready', async () => 'ok');

const port = Number(process.env.PORT ?? 3000);
const host = process.env.HOST ?? '127.0.0.1';

for (const signal of ['SIGTERM', 'SIGINT'] as const) {
  process.once(signal, () => {
    void app.close().then(() => process.exit(0));
  });
}

await app.listen({ port, host });
