import { ZBulkDeletePayloadSchema, ZBulkDeleteResponseSchema } from '@cadence/contracts/admin-list';
import { ZMessageResponseSchema } from '@cadence/contracts/auth';
import { ZIdParamsSchema } from '@cadence/contracts/catalogue';
import { ZErrorEnvelopeSchema } from '@cadence/contracts/errors';
import {
  ZAdminLocalizationSchema,
  ZCreateLocalizationPayloadSchema,
  ZLocalizationLineSchema,
  ZLocalizationLinesQuerySchema,
  ZLocalizationResponseSchema,
  ZLocalizationsQuerySchema,
  ZSaveLinesPayloadSchema,
  ZSaveLinesResponseSchema,
  ZUpdateLocalizationPayloadSchema,
} from '@cadence/contracts/localizations';
import { paginationSchema } from '@cadence/contracts/pagination';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { type Actor, createLocalizationsService } from './localizations.service';

const errors = {
  401: ZErrorEnvelopeSchema,
  403: ZErrorEnvelopeSchema,
  404: ZErrorEnvelopeSchema,
  422: ZErrorEnvelopeSchema,
};
const tags = ['localizations'];
const can = <const P extends 'localizations.create' | 'localizations.update' | 'localizations.delete'>(
  permission: P,
) => ({ access: { permission, signedIn: true as const } });
const actorOf = (request: FastifyRequest): Actor => ({ id: request.user?.id ?? null, ip: request.ip });

/** Spec 2.12 localizations and localizations/{localeId}/translate. */
export const localizationsRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = createLocalizationsService({ db: app.deps.db, settings: app.services.settings });

  app.get(
    '/api/v1/localizations',
    {
      config: can('localizations.update'),
      schema: {
        tags,
        summary: 'Languages with how many lines each translates',
        querystring: ZLocalizationsQuerySchema,
        response: { 200: paginationSchema(ZAdminLocalizationSchema), ...errors },
      },
    },
    async (request) => service.list(request.query),
  );

  app.post(
    '/api/v1/localizations',
    {
      config: can('localizations.create'),
      schema: {
        tags,
        summary: 'Add a language (its lines start untranslated)',
        body: ZCreateLocalizationPayloadSchema,
        response: { 201: ZLocalizationResponseSchema, ...errors },
      },
    },
    async (request, reply) => {
      const id = await service.create(actorOf(request), request.body);
      reply.code(201);
      return { localization: await service.show(id) };
    },
  );

  app.get(
    '/api/v1/localizations/:id',
    {
      config: can('localizations.update'),
      schema: {
        tags,
        summary: 'One language',
        params: ZIdParamsSchema,
        response: { 200: ZLocalizationResponseSchema, ...errors },
      },
    },
    async (request) => ({ localization: await service.show(request.params.id) }),
  );

  app.put(
    '/api/v1/localizations/:id',
    {
      config: can('localizations.update'),
      schema: {
        tags,
        summary: 'Rename a language',
        params: ZIdParamsSchema,
        body: ZUpdateLocalizationPayloadSchema,
        response: { 200: ZLocalizationResponseSchema, ...errors },
      },
    },
    async (request) => {
      await service.rename(actorOf(request), request.params.id, request.body.name);
      return { localization: await service.show(request.params.id) };
    },
  );

  app.delete(
    '/api/v1/localizations',
    {
      config: can('localizations.delete'),
      schema: {
        tags,
        summary: 'Delete languages by id (not the default one)',
        body: ZBulkDeletePayloadSchema,
        response: { 200: ZBulkDeleteResponseSchema, ...errors },
      },
    },
    async (request) => {
      const deleted = await service.remove(actorOf(request), request.body.ids);
      return { message: 'Deleted languages', deleted };
    },
  );

  app.post(
    '/api/v1/localizations/:id/default',
    {
      config: can('localizations.update'),
      schema: {
        tags,
        summary: 'Make this the language of new users and guests',
        params: ZIdParamsSchema,
        response: { 200: ZMessageResponseSchema, ...errors },
      },
    },
    async (request) => {
      await service.setDefault(actorOf(request), request.params.id);
      return { message: 'Default language changed.' };
    },
  );

  app.get(
    '/api/v1/localizations/:id/lines',
    {
      config: can('localizations.update'),
      schema: {
        tags,
        summary: 'Every source line with its translation: search, untranslated only, pages',
        params: ZIdParamsSchema,
        querystring: ZLocalizationLinesQuerySchema,
        response: { 200: paginationSchema(ZLocalizationLineSchema), ...errors },
      },
    },
    async (request) => service.lines(request.params.id, request.query),
  );

  app.put(
    '/api/v1/localizations/:id/lines',
    {
      config: can('localizations.update'),
      schema: {
        tags,
        summary: 'Save translations (an empty one shows the source line again); the apps see them at once',
        params: ZIdParamsSchema,
        body: ZSaveLinesPayloadSchema,
        response: { 200: ZSaveLinesResponseSchema, ...errors },
      },
    },
    async (request) => {
      const saved = await service.saveLines(actorOf(request), request.params.id, request.body.lines);
      return { message: 'Saved translations', saved };
    },
  );
};
