import { sql, type Transaction } from 'kysely';
import type { Database } from '../../platform/db/schema';

type Trx = Transaction<Database>;

/** The writes of a genre merge, each in the caller's transaction (see merge-genres.ts). */
export const lockByNames = (trx: Trx, names: string[]) =>
  trx.selectFrom('genres').selectAll().where('name', 'in', names).forUpdate().execute();

/** Every item filed under `fromId` is filed under `intoId` too (once). */
export async function copyItems(trx: Trx, fromId: number, intoId: number) {
  await sql`insert into genreables (genre_id, genreable_type, genreable_id, created_at)
    select ${intoId}, genreable_type, genreable_id, created_at from genreables where genre_id = ${fromId}
    on conflict do nothing`.execute(trx);
}

/** Channels that listed `fromId` list `intoId` (once); their other `fromId` links go. */
export async function moveChannelLinks(trx: Trx, fromId: number, intoId: number) {
  await sql`update channelables set model_id = ${intoId}
    where model_type = 'genre' and model_id = ${fromId}
    and not exists (select 1 from channelables c2 where c2.channel_id = channelables.channel_id
      and c2.model_type = 'genre' and c2.model_id = ${intoId})`.execute(trx);
  await trx
    .deleteFrom('channelables')
    .where('model_type', '=', 'genre')
    .where('model_id', '=', fromId)
    .execute();
}

export async function remove(trx: Trx, id: number) {
  await trx.deleteFrom('genres').where('id', '=', id).execute();
}

export const addPopularity = (trx: Trx, id: number, popularity: number) =>
  trx
    .updateTable('genres')
    .set({ popularity: sql`popularity + ${popularity}`, updated_at: new Date() })
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirstOrThrow();
