import { type TReadyResponse, ZHealthResponseSchema, ZReadyResponseSchema } from '@cadence/contracts/health';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

const PROBE_TIMEOUT_MS = 1_000;

async function isUp(probe: (timeoutMs: number) => Promise<void>): Promise<boolean> {
  try {
    await probe(PROBE_TIMEOUT_MS);
    return true;
  } catch {
    return false;
  }
}

export const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  const { probes } = app.deps;

  app.get(
    '/health',
    {
      config: { access: 'public' },
      schema: { tags: ['health'], summary: 'Liveness', response: { 200: ZHealthResponseSchema } },
    },
    async () => ({ status: 'ok' as const }),
  );

  app.get(
    '/ready',
    {
      config: { access: 'public' },
      schema: {
        tags: ['health'],
        summary: 'Readiness: the database answers within a second; Redis is reported, not required',
        response: { 200: ZReadyResponseSchema, 503: ZReadyResponseSchema },
      },
    },
    async (_request, reply) => {
      const [database, redis] = await Promise.all([
        isUp(probes.database),
        probes.redis ? isUp(probes.redis) : Promise.resolve(null),
      ]);
      const checks: TReadyResponse['checks'] = {
        database: database ? 'up' : 'down',
        redis: redis === null ? 'in-process' : redis ? 'up' : 'down',
      };
      const status = app.lifecycle.isDraining
        ? 'draining'
        : database
          ? redis === false
            ? 'degraded'
            : 'ready'
          : 'unavailable';
      reply.header('cache-control', 'no-store');
      const { ffmpeg } = app.services.transcoding;
      const details = { ffmpeg: { path: ffmpeg.path, source: ffmpeg.source } };
      return reply
        .code(status === 'ready' || status === 'degraded' ? 200 : 503)
        .send({ status, checks, details });
    },
  );
};
