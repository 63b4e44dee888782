import { z } from 'zod';
import { lazySchema } from './lazy-schema';

/** `GET /health`: answers while the process lives. */
export const ZHealthResponseSchema = lazySchema(() => z.object({ status: z.literal('ok') }));

/**
 * `GET /ready`: 200 while the api can serve ('degraded' when Redis is away: it works without it),
 * 503 with the same shape when the database is away or the process is draining before exit.
 */
export const ZReadyResponseSchema = lazySchema(() =>
  z.object({
    status: z.enum(['ready', 'degraded', 'unavailable', 'draining']),
    checks: z.object({
      database: z.enum(['up', 'down']),
      redis: z.enum(['up', 'down', 'in-process']),
    }),
    /** What the replica runs with that does not decide readiness: the ffmpeg it transcodes with. */
    details: z.object({
      ffmpeg: z.object({
        /** null: none found, so streams are sent as uploaded and loudness is not measured. */
        path: z.string().nullable(),
        source: z.enum(['env', 'system', 'package', 'missing']),
      }),
    }),
  }),
);
export type TReadyResponse = z.infer<typeof ZReadyResponseSchema>;
