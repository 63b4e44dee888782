import type { FastifyInstance } from 'fastify';
import { realtimeRoutes } from '../../platform/realtime/realtime.routes';
import { notificationsRoutes } from './notifications.routes';

/** Issue 15: the notification endpoints, the delivery jobs (mail, Web Push) and the realtime socket. */
export async function notificationsPlugin(app: FastifyInstance) {
  // The mailer is decorated by the accounts plugin; jobs run after start, when it exists.
  app.services.notifications.bindDelivery(app.jobs, () => app.mailer);
  await app.register(notificationsRoutes);
  await app.register(realtimeRoutes);
}
