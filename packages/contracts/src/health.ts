import { z } from 'zod';

/** `GET /health`: answers while the process lives. */
export const ZHealthResponseSchema = z.object({ status: z.literal('ok') });

/** `GET /ready`: 200 when every dependency answers, 503 with the same shape otherwise. */
export const ZReadyResponseSchema = z.object({
  status: z.enum(['ready', 'unavailable']),
  checks: z.object({
    database: z.enum(['up', 'down']),
    redis: z.enum(['up', 'down', 'in-process']),
  }),
});
export type TReadyResponse = z.infer<typeof ZReadyResponseSchema>;
