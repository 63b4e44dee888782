import { z } from 'zod';

/** `GET /health`: answers while the process lives. */
export const ZHealthResponseSchema = z.object({ status: z.literal('ok') });

/**
 * `GET /ready`: 200 while the api can serve ('degraded' when Redis is away: it works without it),
 * 503 with the same shape when the database is away or the process is draining before exit.
 */
export const ZReadyResponseSchema = z.object({
  status: z.enum(['ready', 'degraded', 'unavailable', 'draining']),
  checks: z.object({
    database: z.enum(['up', 'down']),
    redis: z.enum(['up', 'down', 'in-process']),
  }),
});
export type TReadyResponse = z.infer<typeof ZReadyResponseSchema>;
