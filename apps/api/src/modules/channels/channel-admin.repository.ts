import type { Insertable, Kysely, Transaction, Updateable } from 'kysely';
import type { Database } from '../../platform/db/schema';
import type { ChannelsTable } from './channels.tables';

type Db = Kysely<Database>;
type Trx = Transaction<Database>;
type ContentRef = { model_type: Insertable<Database['channelables']>['model_type']; model_id: number };

/** Another channel (not `exceptId`) already uses the slug. */
export async function isSlugTaken(db: Db, slug: string, exceptId: number | null): Promise<boolean> {
  const taken = await db
    .selectFrom('channels')
    .select('id')
    .where('slug', '=', slug)
    .$if(exceptId !== null, (q) => q.where('id', '<>', exceptId as number))
    .executeTakeFirst();
  return taken !== undefined;
}

export function insertChannel(trx: Trx, values: Insertable<ChannelsTable>) {
  return trx.insertInto('channels').values(values).returningAll().executeTakeFirstOrThrow();
}

/** The updated channel, or undefined when there is none with this id. */
export function updateChannel(trx: Trx, id: number, values: Updateable<ChannelsTable>) {
  return trx.updateTable('channels').set(values).where('id', '=', id).returningAll().executeTakeFirst();
}

/** Creates the channel or, when its slug exists, renames and reconfigures that one; answers its id. */
export async function upsertChannelBySlug(
  trx: Db,
  channel: { name: string; slug: string; config: string },
): Promise<number> {
  const row = await trx
    .insertInto('channels')
    .values({ name: channel.name, slug: channel.slug, description: null, config: channel.config })
    .onConflict((oc) =>
      oc.column('slug').doUpdateSet({ name: channel.name, config: channel.config, updated_at: new Date() }),
    )
    .returning('id')
    .executeTakeFirstOrThrow();
  return Number(row.id);
}

/** Replaces the channel's manual list with `refs`, in their order. */
export async function replaceChannelContent(trx: Db, channelId: number, refs: ContentRef[]): Promise<void> {
  await trx.deleteFrom('channelables').where('channel_id', '=', channelId).execute();
  if (refs.length === 0) return;
  await trx
    .insertInto('channelables')
    .values(refs.map((ref, position) => ({ channel_id: channelId, ...ref, position })))
    .execute();
}

export async function deleteChannels(db: Db, ids: number[]): Promise<number> {
  const { numDeletedRows } = await db.deleteFrom('channels').where('id', 'in', ids).executeTakeFirst();
  return Number(numDeletedRows);
}

/** One page of channels by name, filtered by a name search. */
export async function channelPage(db: Db, input: { page: number; perPage: number; query?: string }) {
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
  return { rows, total: Number(count.n) };
}
