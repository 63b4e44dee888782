import { z } from 'zod';
import { lazySchema } from './lazy-schema';

export const ZScheduledRunSchema = lazySchema(() =>
  z.object({
    id: z.number(),
    outcome: z.enum(['running', 'success', 'failed']),
    detail: z.string().nullable(),
    duration_ms: z.number().nullable(),
    started_at: z.string(),
    finished_at: z.string().nullable(),
  }),
);

/** Admin logs "schedule" tab: every scheduled task with its last runs, newest first. */
export const ZScheduleOverviewSchema = lazySchema(() =>
  z.object({
    tasks: z.array(
      z.object({
        name: z.string(),
        description: z.string(),
        every_minutes: z.number(),
        runs: z.array(ZScheduledRunSchema),
      }),
    ),
  }),
);
export type TScheduleOverview = z.infer<typeof ZScheduleOverviewSchema>;
