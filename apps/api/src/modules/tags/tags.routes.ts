import { ZIdParamsSchema, ZMessageResponseSchema } from '@cadence/contracts/catalogue';
import { ZErrorEnvelopeSchema } from '@cadence/contracts/errors';
import { paginationSchema } from '@cadence/contracts/pagination';
import type { TTag } from '@cadence/contracts/tag';
import {
  ZTagCreateSchema,
  ZTagListQuerySchema,
  ZTagResponseSchema,
  ZTagSchema,
  ZTagUpdateSchema,
} from '@cadence/contracts/tag';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { type Selectable, sql } from 'kysely';
import { AppError, validationError } from '../../platform/http/app-error';
import { isoRequired, likePattern, mapPage, paginate } from '../catalogue/catalogue-utils';
import { displayName } from '../genres/genre-links';
import type { TagsTable } from './tags.tables';

const errors = {
  401: ZErrorEnvelopeSchema,
  403: ZErrorEnvelopeSchema,
  404: ZErrorEnvelopeSchema,
  422: ZErrorEnvelopeSchema,
};
const ORDER_COLUMNS = { name: 'name', type: 'type', created_at: 'created_at', id: 'id' } as const;

const toDto = (row: Selectable<TagsTable>): TTag => ({
  id: row.id,
  name: row.name,
  display_name: row.display_name,
  type: row.type,
  created_at: isoRequired(row.created_at),
  updated_at: isoRequired(row.updated_at),
});

export const tagsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.deps;

  async function assertFree(name: string, type: string, exceptId?: number) {
    let query = db.selectFrom('tags').select('id').where('name', '=', name).where('type', '=', type);
    if (exceptId) query = query.where('id', '!=', exceptId);
    if (await query.executeTakeFirst()) throw validationError({ name: 'This tag already exists.' });
  }

  app.get(
    '/api/v1/tags',
    {
      config: { access: { permission: 'tags.view' } },
      schema: {
        tags: ['tags'],
        summary: 'Tags, paginated',
        querystring: ZTagListQuerySchema,
        response: { 200: paginationSchema(ZTagSchema), ...errors },
      },
    },
    async (request) => {
      const query = request.query;
      let base = db.selectFrom('tags');
      if (query.query) base = base.where(sql<boolean>`lower(name) like lower(${likePattern(query.query)})`);
      const column = ORDER_COLUMNS[query.orderBy ?? 'name'];
      const direction = query.orderDir ?? (column === 'name' ? 'asc' : 'desc');
      const page = await paginate(base, query, (q) =>
        q.selectAll().orderBy(column, direction).orderBy('id', direction),
      );
      return mapPage(page, (rows) => rows.map(toDto));
    },
  );

  app.post(
    '/api/v1/tags',
    {
      config: { access: { permission: 'tags.create' } },
      schema: {
        tags: ['tags'],
        summary: 'Create a tag',
        body: ZTagCreateSchema,
        response: { 201: ZTagResponseSchema, ...errors },
      },
    },
    async (request, reply) => {
      const { name, type, display_name } = request.body;
      await assertFree(name, type);
      const row = await db
        .insertInto('tags')
        .values({ name, type, display_name: display_name ?? displayName(name) })
        .returningAll()
        .executeTakeFirstOrThrow();
      return reply.code(201).send({ tag: toDto(row) });
    },
  );

  app.put(
    '/api/v1/tags/:id',
    {
      config: { access: { permission: 'tags.update' } },
      schema: {
        tags: ['tags'],
        summary: 'Update a tag',
        params: ZIdParamsSchema,
        body: ZTagUpdateSchema,
        response: { 200: ZTagResponseSchema, ...errors },
      },
    },
    async (request) => {
      const tag = await db
        .selectFrom('tags')
        .selectAll()
        .where('id', '=', request.params.id)
        .executeTakeFirst();
      if (!tag) throw new AppError('not_found', 'Tag not found.');
      const next = { ...tag, ...request.body };
      if (request.body.name || request.body.type) await assertFree(next.name, next.type, tag.id);
      const row = await db
        .updateTable('tags')
        .set({ ...request.body, updated_at: new Date() })
        .where('id', '=', tag.id)
        .returningAll()
        .executeTakeFirstOrThrow();
      return { tag: toDto(row) };
    },
  );

  app.delete(
    '/api/v1/tags/:id',
    {
      config: { access: { permission: 'tags.delete' } },
      schema: {
        tags: ['tags'],
        summary: 'Delete a tag',
        params: ZIdParamsSchema,
        response: { 200: ZMessageResponseSchema, ...errors },
      },
    },
    async (request) => {
      const deleted = await db.deleteFrom('tags').where('id', '=', request.params.id).executeTakeFirst();
      if (Number(deleted.numDeletedRows) === 0) throw new AppError('not_found', 'Tag not found.');
      return { message: 'Tag deleted.' };
    },
  );
};
