import { ZErrorEnvelopeSchema } from '@cadence/contracts/errors';
import {
  type TValueListName,
  VALUE_LIST_NAMES,
  ZValueListsResponseSchema,
} from '@cadence/contracts/value-lists';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';

const knownNames = new Set<string>(VALUE_LIST_NAMES);

const ZValueListParamsSchema = z.object({
  names: z
    .string()
    .max(200)
    .transform((value) =>
      value
        .split(',')
        .map((name) => name.trim())
        .filter(Boolean),
    )
    .superRefine((names, ctx) => {
      const unknown = names.filter((name) => !knownNames.has(name));
      if (names.length === 0) ctx.addIssue({ code: 'custom', message: 'Choose at least one value list.' });
      if (unknown.length > 0)
        ctx.addIssue({ code: 'custom', message: `Unknown value list: ${unknown.join(', ')}.` });
    })
    .pipe(z.array(z.enum(VALUE_LIST_NAMES))),
});

export const valueListsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/v1/value-lists/:names',
    {
      config: { access: 'public' },
      schema: {
        tags: ['value-lists'],
        summary: 'Timezones grouped by region, countries and localizations (comma-separated names)',
        params: ZValueListParamsSchema,
        response: { 200: ZValueListsResponseSchema, 422: ZErrorEnvelopeSchema },
      },
    },
    async (request) => app.services.valueLists.lists(request.params.names as TValueListName[]),
  );
};
