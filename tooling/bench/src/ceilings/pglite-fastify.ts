import Fastify from 'fastify';

/**
 * The embedded mode's floor: the bare Fastify of hello-fastify.ts plus an empty PGlite opened the
 * way the api opens its own (apps/api/src/platform/db/database.ts: a data directory on disk, the
 * pg_trgm and unaccent extensions), ready once both are. What the api spends over this in the
 * embedded mode is its own; what this spends over hello-fastify is PGlite's share.
 * PGLITE_ENTRY is the api's own copy of @electric-sql/pglite (resolved by the harness), so the
 * same build is measured without this package depending on it.
 */
const entry = process.env.PGLITE_ENTRY;
const dataDir = process.env.PGLITE_DATA_DIR;
if (!entry || !dataDir) throw new Error('PGLITE_ENTRY and PGLITE_DATA_DIR are required');
const contrib = (name: string) => new URL(`./contrib/${name}.js`, entry).href;

const [{ PGlite }, { pg_trgm }, { unaccent }] = await Promise.all([
  import(entry),
  import(contrib('pg_trgm')),
  import(contrib('unaccent')),
]);
const pglite = await PGlite.create(dataDir, { extensions: { pg_trgm, unaccent } });

const app = Fastify();
app.get('/', async () => ({ hello: 'world' }));

const port = Number(process.env.PORT ?? 3000);
const host = process.env.HOST ?? '127.0.0.1';

for (const signal of ['SIGTERM', 'SIGINT'] as const) {
  process.once(signal, () => {
    void app
      .close()
      .then(() => pglite.close())
      .then(() => process.exit(0));
  });
}

await app.listen({ port, host });
