import { ZMessageResponseSchema } from '@cadence/contracts/auth';
import { CONTACT_SUBMITTED_MESSAGE, ZContactPayloadSchema } from '@cadence/contracts/contact';
import { ZErrorEnvelopeSchema } from '@cadence/contracts/errors';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { sendContactMessage } from './send-contact-message';

/** Spec 7 `POST contact-page`: the contact form's message, mailed to the contact address. */
export const contactRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/api/v1/contact-page',
    {
      config: { access: 'public' },
      schema: {
        tags: ['contact'],
        summary: 'Send a message through the contact form',
        body: ZContactPayloadSchema,
        response: {
          200: ZMessageResponseSchema,
          422: ZErrorEnvelopeSchema,
          429: ZErrorEnvelopeSchema,
        },
      },
    },
    async (request) => {
      await sendContactMessage(request, request.body);
      return { message: CONTACT_SUBMITTED_MESSAGE };
    },
  );
};
