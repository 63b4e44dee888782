import { ZMessageResponseSchema } from '@cadence/contracts/auth';
import { ZErrorEnvelopeSchema } from '@cadence/contracts/errors';
import {
  ZPartyAddTrackSchema,
  ZPartyApproveSchema,
  ZPartyCodeParamsSchema,
  ZPartyControlSchema,
  ZPartyCreateSchema,
  ZPartyMemberParamsSchema,
  ZPartyMessageCreateSchema,
  ZPartyMessageIdParamsSchema,
  ZPartyMessageListSchema,
  ZPartyMessageParamsSchema,
  ZPartyMessageResponseSchema,
  ZPartyReactSchema,
  ZPartyResponseSchema,
} from '@cadence/contracts/party';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { actorOf } from '../../platform/auth/actor';
import { AppError } from '../../platform/http/app-error';
import { createPartiesService } from './parties.service';
import { createPartyChat } from './party-chat.service';

const errors = {
  401: ZErrorEnvelopeSchema,
  403: ZErrorEnvelopeSchema,
  404: ZErrorEnvelopeSchema,
  409: ZErrorEnvelopeSchema,
  422: ZErrorEnvelopeSchema,
  429: ZErrorEnvelopeSchema,
};
const tags = ['parties'];

/** Listening parties (issue 38): one server-held timeline, its members on any replica. */
export const partiesRoutes: FastifyPluginAsyncZod = async (app) => {
  const { settings, realtime } = app.services;
  const parties = createPartiesService({
    db: app.deps.db,
    realtime,
    playerUrl: app.deps.env.PLAYER_URL,
    allowsGuests: () => settings.get('parties.allow_guests'),
  });
  const chat = createPartyChat({ db: app.deps.db, realtime, rateLimits: app.deps.rateLimitStore, parties });

  // The admin switch closes every party route at once (the player hides its entry points too).
  // This plugin is not wrapped with fastify-plugin, so the hook stays on its own routes.
  app.addHook('preHandler', async () => {
    if (!(await settings.get('parties.enable')))
      throw new AppError('forbidden', 'Listening parties are turned off.');
  });

  app.post(
    '/api/v1/parties',
    {
      config: { access: 'user' },
      schema: {
        tags,
        summary: 'Start a party from an album, playlist, smart playlist or queue',
        body: ZPartyCreateSchema,
        response: { 201: ZPartyResponseSchema, ...errors },
      },
    },
    async (request, reply) =>
      reply.code(201).send({ party: await parties.create(actorOf(request), request.body) }),
  );

  app.get(
    '/api/v1/parties/:code',
    {
      config: { access: 'public' },
      schema: {
        tags,
        summary: 'A party by its short code, as this viewer may hear it',
        params: ZPartyCodeParamsSchema,
        response: { 200: ZPartyResponseSchema, ...errors },
      },
    },
    async (request) => ({ party: await parties.show(actorOf(request), request.params.code) }),
  );

  app.post(
    '/api/v1/parties/:code/join',
    {
      config: { access: 'user' },
      schema: {
        tags,
        summary: 'Join a party',
        params: ZPartyCodeParamsSchema,
        response: { 200: ZPartyResponseSchema, ...errors },
      },
    },
    async (request) => ({ party: await parties.join(actorOf(request), request.params.code) }),
  );

  app.post(
    '/api/v1/parties/:code/leave',
    {
      config: { access: 'user' },
      schema: {
        tags,
        summary: 'Leave a party',
        params: ZPartyCodeParamsSchema,
        response: { 200: ZMessageResponseSchema, ...errors },
      },
    },
    async (request) => {
      await parties.leave(actorOf(request), request.params.code);
      return { message: 'You left the party.' };
    },
  );

  app.post(
    '/api/v1/parties/:code/control',
    {
      config: { access: 'user' },
      schema: {
        tags,
        summary: "The host's play, pause, seek, skip, reorder or hand-over; echoes the party's revision",
        params: ZPartyCodeParamsSchema,
        body: ZPartyControlSchema,
        response: { 200: ZPartyResponseSchema, ...errors },
      },
    },
    async (request) => ({
      party: await parties.control(actorOf(request), request.params.code, request.body),
    }),
  );

  app.post(
    '/api/v1/parties/:code/tracks',
    {
      config: { access: 'user' },
      schema: {
        tags,
        summary: 'Add a track (or suggest it, by the add policy)',
        params: ZPartyCodeParamsSchema,
        body: ZPartyAddTrackSchema,
        response: { 200: ZPartyResponseSchema, ...errors },
      },
    },
    async (request) => ({
      party: await parties.addTrack(actorOf(request), request.params.code, request.body.track_id),
    }),
  );

  app.post(
    '/api/v1/parties/:code/suggestions/approve',
    {
      config: { access: 'user' },
      schema: {
        tags,
        summary: "The host approves a member's suggestion",
        params: ZPartyCodeParamsSchema,
        body: ZPartyApproveSchema,
        response: { 200: ZPartyResponseSchema, ...errors },
      },
    },
    async (request) => ({
      party: await parties.approve(actorOf(request), request.params.code, request.body),
    }),
  );

  app.delete(
    '/api/v1/parties/:code/members/:userId',
    {
      config: { access: 'user' },
      schema: {
        tags,
        summary: 'The host removes a participant',
        params: ZPartyMemberParamsSchema,
        response: { 200: ZMessageResponseSchema, ...errors },
      },
    },
    async (request) => {
      await parties.removeMember(actorOf(request), request.params.code, request.params.userId);
      return { message: 'Participant removed.' };
    },
  );

  app.post(
    '/api/v1/parties/:code/messages',
    {
      config: { access: 'user' },
      schema: {
        tags,
        summary: 'A chat line (rate limited); `position_ms` pins it to a second of the current track',
        params: ZPartyCodeParamsSchema,
        body: ZPartyMessageCreateSchema,
        response: { 201: ZPartyMessageResponseSchema, ...errors },
      },
    },
    async (request, reply) =>
      reply.code(201).send({ message: await chat.send(actorOf(request), request.params.code, request.body) }),
  );

  app.post(
    '/api/v1/parties/:code/messages/:messageId/reactions',
    {
      config: { access: 'user' },
      schema: {
        tags,
        summary:
          "Toggle the member's reaction (one of a fixed set) on a chat line (rate limited on its own budget, apart from the chat lines)",
        params: ZPartyMessageParamsSchema,
        body: ZPartyReactSchema,
        response: { 200: ZPartyMessageResponseSchema, ...errors },
      },
    },
    async (request) => ({
      message: await chat.react(
        actorOf(request),
        request.params.code,
        request.params.messageId,
        request.body.emoji,
      ),
    }),
  );

  app.post(
    '/api/v1/parties/:code/messages/:messageId/report',
    {
      config: { access: 'user' },
      schema: {
        tags,
        summary: 'Report a chat line to the moderators',
        params: ZPartyMessageParamsSchema,
        response: { 201: ZMessageResponseSchema, ...errors },
      },
    },
    async (request, reply) => {
      await chat.report(actorOf(request), request.params.code, request.params.messageId);
      return reply.code(201).send({ message: 'Thanks, the moderators will look at it.' });
    },
  );

  app.delete(
    '/api/v1/parties/:code/messages/:messageId',
    {
      config: { access: 'user' },
      schema: {
        tags,
        summary: 'Delete a chat line (its author, the host or comments.delete)',
        params: ZPartyMessageParamsSchema,
        response: { 200: ZMessageResponseSchema, ...errors },
      },
    },
    async (request) => {
      await chat.remove(actorOf(request), request.params.code, request.params.messageId);
      return { message: 'Message deleted.' };
    },
  );

  app.get(
    '/api/v1/party-messages/reported',
    {
      config: { access: { permission: 'reports.handle' } },
      schema: {
        tags,
        summary: 'Reported party chat lines, most reported first',
        response: { 200: ZPartyMessageListSchema, ...errors },
      },
    },
    async () => ({ data: await chat.reported() }),
  );

  app.post(
    '/api/v1/party-messages/:messageId/dismiss',
    {
      config: { access: { permission: 'reports.handle' } },
      schema: {
        tags,
        summary: 'A moderator dismisses the reports of a party chat line (the line stays)',
        params: ZPartyMessageIdParamsSchema,
        response: { 200: ZMessageResponseSchema, ...errors },
      },
    },
    async (request) => {
      await chat.dismiss(request.params.messageId);
      return { message: 'Reports dismissed.' };
    },
  );

  app.delete(
    '/api/v1/party-messages/:messageId',
    {
      config: { access: { permission: 'comments.delete' } },
      schema: {
        tags,
        summary: 'A moderator deletes a party chat line',
        params: ZPartyMessageIdParamsSchema,
        response: { 200: ZMessageResponseSchema, ...errors },
      },
    },
    async (request) => {
      await chat.moderate(request.params.messageId);
      return { message: 'Message deleted.' };
    },
  );
};
