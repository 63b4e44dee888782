import { ZMessageResponseSchema } from '@cadence/contracts/auth';
import { ZErrorEnvelopeSchema } from '@cadence/contracts/errors';
import {
  ZMarkAsReadSchema,
  ZNotificationIdParamsSchema,
  ZNotificationListQuerySchema,
  ZNotificationSchema,
  ZNotificationSubscriptionsSchema,
  ZPushKeyResponseSchema,
  ZPushSubscriptionSchema,
  ZPushUnsubscribeSchema,
  ZUnreadCountSchema,
  ZUpdateSubscriptionsSchema,
} from '@cadence/contracts/notification';
import { paginationSchema } from '@cadence/contracts/pagination';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireUser } from '../../platform/auth/access';
import { AppError } from '../../platform/http/app-error';

const errors = { 401: ZErrorEnvelopeSchema, 403: ZErrorEnvelopeSchema, 422: ZErrorEnvelopeSchema };
const tags = ['notifications'];

/** Spec 2.7/7: the signed-in user's own notifications and preferences; nobody reaches another's. */
export const notificationsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { notifications } = app.services;

  app.get(
    '/api/v1/notifications',
    {
      config: { access: 'user' },
      schema: {
        tags,
        summary: 'My notifications, newest first, 30 per page',
        querystring: ZNotificationListQuerySchema,
        response: { 200: paginationSchema(ZNotificationSchema), ...errors },
      },
    },
    async (request) => notifications.list(requireUser(request).id, request.query.page, request.query.perPage),
  );

  app.post(
    '/api/v1/notifications/mark-as-read',
    {
      config: { access: 'user' },
      schema: {
        tags,
        summary: 'Mark {ids} (or all, with markAllAsUnread) as read; answers the unread count',
        body: ZMarkAsReadSchema,
        response: { 200: ZUnreadCountSchema, ...errors },
      },
    },
    async (request) => ({
      unreadCount: await notifications.markAsRead(requireUser(request).id, request.body),
    }),
  );

  app.delete(
    '/api/v1/notifications/:id',
    {
      config: { access: 'user' },
      schema: {
        tags,
        summary: 'Delete one of my notifications',
        params: ZNotificationIdParamsSchema,
        response: { 200: ZUnreadCountSchema, 404: ZErrorEnvelopeSchema, ...errors },
      },
    },
    async (request) => {
      const result = await notifications.remove(requireUser(request).id, request.params.id);
      if (!result.isDeleted) throw new AppError('not_found', 'Notification not found.');
      return { unreadCount: result.unreadCount };
    },
  );

  app.get(
    '/api/v1/notifications/me/subscriptions',
    {
      config: { access: 'user' },
      schema: {
        tags,
        summary: 'My notification preferences: channels, groups and selections',
        response: { 200: ZNotificationSubscriptionsSchema, ...errors },
      },
    },
    async (request) => notifications.subscriptions(requireUser(request).id),
  );

  app.put(
    '/api/v1/notifications/me/subscriptions',
    {
      config: { access: 'user' },
      schema: {
        tags,
        summary: 'Update my notification preferences',
        body: ZUpdateSubscriptionsSchema,
        response: { 200: ZMessageResponseSchema, ...errors },
      },
    },
    async (request) => {
      await notifications.updateSubscriptions(requireUser(request).id, request.body);
      return { message: 'Updated preferences' };
    },
  );

  app.get(
    '/api/v1/notifications/push/key',
    {
      config: { access: 'user' },
      schema: {
        tags,
        summary: "The server's VAPID public key for Web Push subscriptions",
        response: { 200: ZPushKeyResponseSchema, ...errors },
      },
    },
    async () => ({ publicKey: (await notifications.webPush.vapidKeys()).publicKey }),
  );

  app.post(
    '/api/v1/notifications/push/subscriptions',
    {
      config: { access: 'user' },
      schema: {
        tags,
        summary: "Store this browser's Web Push subscription",
        body: ZPushSubscriptionSchema,
        response: { 200: ZMessageResponseSchema, ...errors },
      },
    },
    async (request) => {
      await notifications.webPush.subscribe(requireUser(request).id, request.body);
      return { message: 'Subscribed' };
    },
  );

  app.delete(
    '/api/v1/notifications/push/subscriptions',
    {
      config: { access: 'user' },
      schema: {
        tags,
        summary: "Forget this browser's Web Push subscription",
        body: ZPushUnsubscribeSchema,
        response: { 200: ZMessageResponseSchema, ...errors },
      },
    },
    async (request) => {
      await notifications.webPush.unsubscribe(requireUser(request).id, request.body.endpoint);
      return { message: 'Unsubscribed' };
    },
  );
};
