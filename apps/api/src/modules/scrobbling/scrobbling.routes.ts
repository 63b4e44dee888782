import { ZIdParamsSchema } from '@cadence/contracts/catalogue';
import { ZErrorEnvelopeSchema } from '@cadence/contracts/errors';
import {
  ZLastfmCallbackQuerySchema,
  ZLastfmConnectResponseSchema,
  ZListenBrainzConnectSchema,
  ZNowPlayingResponseSchema,
  ZScrobbleConnectionsResponseSchema,
  ZScrobbleReportResponseSchema,
  ZScrobbleReportSchema,
  ZScrobbleServiceParamsSchema,
} from '@cadence/contracts/scrobbling';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireUser } from '../../platform/auth/access';
import { actorOf } from '../../platform/auth/actor';
import { findTrackVisibleTo } from '../catalogue/track-access';

const errors = {
  401: ZErrorEnvelopeSchema,
  403: ZErrorEnvelopeSchema,
  404: ZErrorEnvelopeSchema,
  409: ZErrorEnvelopeSchema,
  422: ZErrorEnvelopeSchema,
  503: ZErrorEnvelopeSchema,
};
const tags = ['account'];

/** Issue 37: account settings' "Connected services" and the web player's listening reports. */
export const scrobblingRoutes: FastifyPluginAsyncZod = async (app) => {
  const { scrobbling } = app.services;
  const log = { error: (details: object, message: string) => app.log.error(details, message) };
  scrobbling.bindJobs(app.jobs, log);
  // Scrobbles still owed when the api starts get a sender again (the in-process queue forgets its
  // jobs on a restart); after that the scheduled `scrobbles:retry` sweep picks up the backoffs.
  app.addHook('onReady', async () => {
    await scrobbling.requeueDue().catch((error) => log.error({ err: error }, 'Re-queueing scrobbles failed'));
  });

  const answer = async (userId: number) => ({ services: await scrobbling.connections(userId) });

  app.get(
    '/api/v1/account/scrobbling',
    {
      config: { access: 'user' },
      schema: {
        tags,
        summary: 'Your connected scrobbling services (ListenBrainz, Last.fm) and what is still to send',
        response: { 200: ZScrobbleConnectionsResponseSchema, ...errors },
      },
    },
    async (request) => answer(requireUser(request).id),
  );

  app.put(
    '/api/v1/account/scrobbling/listenbrainz',
    {
      config: { access: 'user' },
      schema: {
        tags,
        summary: 'Connect ListenBrainz with your user token (checked with ListenBrainz first)',
        body: ZListenBrainzConnectSchema,
        response: { 200: ZScrobbleConnectionsResponseSchema, ...errors },
      },
    },
    async (request) => {
      const userId = requireUser(request).id;
      await scrobbling.connectListenBrainz(userId, request.body.token);
      return answer(userId);
    },
  );

  app.post(
    '/api/v1/account/scrobbling/lastfm/connect',
    {
      config: { access: 'user' },
      schema: {
        tags,
        summary: 'Start connecting Last.fm: the page where you allow access',
        response: { 200: ZLastfmConnectResponseSchema, ...errors },
      },
    },
    async (request) => ({ url: await scrobbling.lastfmConnectUrl(requireUser(request).id) }),
  );

  app.get(
    '/api/v1/account/scrobbling/lastfm/callback',
    {
      config: { access: 'user' },
      schema: {
        tags,
        summary: 'Where Last.fm sends you back; answers with a redirect to account settings',
        querystring: ZLastfmCallbackQuerySchema,
        response: { ...errors },
      },
    },
    async (request, reply) => {
      await scrobbling.finishLastfm(requireUser(request).id, request.query.token, request.query.state);
      return reply.redirect(
        new URL('/account-settings#connected-services', app.deps.env.PLAYER_URL).toString(),
        303,
      );
    },
  );

  app.delete(
    '/api/v1/account/scrobbling/:service',
    {
      config: { access: 'user' },
      schema: {
        tags,
        summary: 'Disconnect a service: its stored credentials and unsent scrobbles are deleted',
        params: ZScrobbleServiceParamsSchema,
        response: { 200: ZScrobbleConnectionsResponseSchema, ...errors },
      },
    },
    async (request) => {
      const userId = requireUser(request).id;
      await scrobbling.disconnect(userId, request.params.service);
      return answer(userId);
    },
  );

  app.post(
    '/api/v1/tracks/:id/now-playing',
    {
      config: { access: { permission: 'music.play', signedIn: true } },
      schema: {
        tags: ['plays'],
        summary: 'Tell your connected services what you started playing (sent in the background)',
        params: ZIdParamsSchema,
        response: { 200: ZNowPlayingResponseSchema, ...errors },
      },
    },
    async (request) => {
      const track = await findTrackVisibleTo(app.deps.db, actorOf(request), request.params.id);
      return { sent: await scrobbling.nowPlaying(requireUser(request).id, track) };
    },
  );

  app.post(
    '/api/v1/tracks/:id/scrobble',
    {
      config: { access: { permission: 'music.play', signedIn: true } },
      schema: {
        tags: ['plays'],
        summary:
          'Scrobble your counted play of this track once you listened to half of it or 4 minutes (tracks over 30 s)',
        params: ZIdParamsSchema,
        body: ZScrobbleReportSchema,
        response: { 200: ZScrobbleReportResponseSchema, ...errors },
      },
    },
    async (request) => {
      const track = await findTrackVisibleTo(app.deps.db, actorOf(request), request.params.id);
      return { queued: await scrobbling.report(requireUser(request).id, track, request.body.listened_ms) };
    },
  );
};
