import { ZErrorEnvelopeSchema } from '@cadence/contracts/errors';
import {
  ZArtistEarningsParamsSchema,
  ZConfirmPayoutDetailsSchema,
  ZPayoutDetailsAnswerSchema,
  ZPayoutDetailsSchema,
} from '@cadence/contracts/payouts';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError } from '../../platform/http/app-error';
import { createPayoutDetailsService } from './payout-details.service';

const errors = {
  401: ZErrorEnvelopeSchema,
  404: ZErrorEnvelopeSchema,
  422: ZErrorEnvelopeSchema,
};
const schemaBase = { tags: ['payouts'], params: ZArtistEarningsParamsSchema };
const config = { access: 'user' as const };

function actorOf(request: FastifyRequest) {
  if (!request.user) throw new AppError('unauthenticated');
  return { userId: request.user.id, ip: request.ip };
}

/** Issue 39: an artist's payout details, for the artist's managers; a change waits for its emailed link. */
export const payoutDetailsRoutes: FastifyPluginAsyncZod = async (app) => {
  const details = createPayoutDetailsService({
    db: app.deps.db,
    mailer: () => app.mailer,
    backstageUrl: app.deps.env.BACKSTAGE_URL,
    siteName: async () => String(await app.services.settings.get('branding.site_name')),
  });
  const url = '/api/v1/artists/:id/payout-details';

  app.get(
    url,
    {
      config,
      schema: {
        ...schemaBase,
        summary: "The artist's payout details in effect and a change waiting for confirmation",
        response: { 200: ZPayoutDetailsAnswerSchema, ...errors },
      },
    },
    async (request) => details.get(request.params.id, actorOf(request)),
  );

  app.put(
    url,
    {
      config,
      schema: {
        ...schemaBase,
        summary: 'Ask to change the payout details: each manager gets a confirmation link by email',
        body: ZPayoutDetailsSchema,
        response: { 202: ZPayoutDetailsAnswerSchema, ...errors },
      },
    },
    async (request, reply) =>
      reply.code(202).send(await details.request(request.params.id, request.body, actorOf(request))),
  );

  app.post(
    `${url}/confirm`,
    {
      config,
      schema: {
        ...schemaBase,
        summary: "Confirm a change with its emailed link's token: it takes effect now",
        body: ZConfirmPayoutDetailsSchema,
        response: { 200: ZPayoutDetailsAnswerSchema, ...errors },
      },
    },
    async (request) => details.confirm(request.params.id, request.body.token, actorOf(request)),
  );
};
