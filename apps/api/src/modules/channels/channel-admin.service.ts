import type { TChannel, TChannelPayload } from '@cadence/contracts/channel';
import { type Kysely, sql } from 'kysely';
import type { Database } from '../../platform/db/schema';
import { AppError, validationError } from '../../platform/http/app-error';
import { slugify } from '../tracks/catalogue-utils';
import { toChannelDto } from './channel-dto';
import { MODEL_SQL } from './channel-models';

export type ChannelAdminService = ReturnType<typeof createChannelAdminService>;

export function createChannelAdminService(db: Kysely<Database>) {
  async function assertContentExists(
    content: NonNullable<TChannelPayload['content']>,
    channelId: number | null,
  ) {
    const seen = new Set<string>();
    const missing: string[] = [];
    for (const ref of content) {
      const key = `${ref.model_type}:${ref.model_id}`;
      if (seen.has(key)) missing.push(`${key} is listed twice`);
      seen.add(key);
      if (ref.model_type === 'channel' && ref.model_id === channelId)
        missing.push('a channel cannot contain itself');
    }
    const byModel = new Map<string, number[]>();
    for (const ref of content)
      byModel.set(ref.model_type, [...(byModel.get(ref.model_type) ?? []), ref.model_id]);
    for (const [model, ids] of byModel) {
      const table = model === 'channel' ? 'channels' : MODEL_SQL[model as keyof typeof MODEL_SQL].table;
      const { rows } = await sql<{
        id: number;
      }>`select id from ${sql.table(table)} where id = any(${ids}::bigint[])`.execute(db);
      const found = new Set(rows.map((row) => Number(row.id)));
      for (const id of ids) if (!found.has(id)) missing.push(`${model} ${id} does not exist`);
    }
    if (missing.length > 0) throw validationError({ content: missing });
  }

  async function assertSlugFree(slug: string, exceptId: number | null) {
    const taken = await db
      .selectFrom('channels')
      .select('id')
      .where('slug', '=', slug)
      .$if(exceptId !== null, (q) => q.where('id', '<>', exceptId as number))
      .executeTakeFirst();
    if (taken) throw validationError({ slug: 'This slug is already taken.' });
  }

  async function save(
    id: number | null,
    payload: TChannelPayload,
    ownerId: number | null,
  ): Promise<TChannel> {
    const slug = payload.slug ?? slugify(payload.name, 'channel');
    await assertSlugFree(slug, id);
    if (payload.content) await assertContentExists(payload.content, id);
    const values = {
      name: payload.name,
      slug,
      description: payload.description ?? null,
      config: JSON.stringify(payload.config),
      updated_at: new Date(),
    };
    const row = await db.transaction().execute(async (trx) => {
      const saved =
        id === null
          ? await trx
              .insertInto('channels')
              .values({ ...values, owner_id: ownerId })
              .returningAll()
              .executeTakeFirstOrThrow()
          : await trx
              .updateTable('channels')
              .set(values)
              .where('id', '=', id)
              .returningAll()
              .executeTakeFirst();
      if (!saved) throw new AppError('not_found');
      if (payload.content) {
        await trx.deleteFrom('channelables').where('channel_id', '=', Number(saved.id)).execute();
        if (payload.content.length > 0)
          await trx
            .insertInto('channelables')
            .values(
              payload.content.map((ref, position) => ({
                channel_id: Number(saved.id),
                model_type: ref.model_type,
                model_id: ref.model_id,
                position,
              })),
            )
            .execute();
      }
      return saved;
    });
    return toChannelDto(row);
  }

  return {
    create: (payload: TChannelPayload, ownerId: number | null) => save(null, payload, ownerId),
    update: (id: number, payload: TChannelPayload) => save(id, payload, null),

    async remove(ids: number[]): Promise<number> {
      const { numDeletedRows } = await db.deleteFrom('channels').where('id', 'in', ids).executeTakeFirst();
      return Number(numDeletedRows);
    },

    async list(input: { page: number; perPage: number; query?: string }) {
      const base = db
        .selectFrom('channels')
        .$if(Boolean(input.query), (q) =>
          q.where('name', 'ilike', `%${(input.query ?? '').replace(/[\\%_]/g, '\\$&')}%`),
        );
      const [rows, count] = await Promise.all([
        base
          .selectAll()
          .orderBy('name')
          .orderBy('id')
          .limit(input.perPage)
          .offset((input.page - 1) * input.perPage)
          .execute(),
        base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
      ]);
      const total = Number(count.n);
      return {
        pagination: {
          data: rows.map(toChannelDto),
          current_page: input.page,
          per_page: input.perPage,
          total,
          last_page: Math.max(1, Math.ceil(total / input.perPage)),
        },
      };
    },
  };
}
