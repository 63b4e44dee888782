import Fastify from 'fastify';

/** The ceiling every api figure is compared with: bare Fastify, no plugins, no logger. */
const app = Fastify();

app.get('/', async () => ({ hello: 'world' }));

const port = Number(process.env.PORT ?? 3000);
const host = process.env.HOST ?? '127.0.0.1';

for (const signal of ['SIGTERM', 'SIGINT'] as const) {
  process.once(signal, () => {
    void app.close().then(() => process.exit(0));
  });
}

await app.listen({ port, host });
