import { ZErrorEnvelopeSchema } from '@cadence/contracts/errors';
import { ZScheduleOverviewSchema } from '@cadence/contracts/schedule';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { createScheduleService } from './schedule.service';
import { scheduledTasks } from './scheduled-tasks';

/** How often the timer looks for due tasks. */
const TICK_MS = 60_000;

/** Admin logs tab "schedule" (spec 2.12) and the timer that runs the scheduled tasks. */
export const scheduleRoutes: FastifyPluginAsyncZod = async (app) => {
  const schedule = createScheduleService({
    db: app.deps.db,
    tasks: scheduledTasks(app.deps.db, app.services, app.jobs),
  });
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<unknown> = Promise.resolve();
  app.addHook('onReady', async () => {
    timer = setInterval(() => {
      running = schedule.tick().catch((error) => app.log.warn({ err: error }, 'scheduler tick failed'));
    }, TICK_MS);
    // The timer never keeps the process (or a test run) alive by itself.
    timer.unref();
  });
  app.addHook('onClose', async () => {
    clearInterval(timer);
    await running;
  });

  app.get(
    '/api/v1/logs/schedule',
    {
      config: { access: { permission: 'logs.view' } },
      schema: {
        tags: ['logs'],
        summary: 'Scheduled tasks and their last runs',
        response: { 200: ZScheduleOverviewSchema, 401: ZErrorEnvelopeSchema, 403: ZErrorEnvelopeSchema },
      },
    },
    async () => ({ tasks: await schedule.overview() }),
  );
};
