import type { TGenreMerge } from '@cadence/contracts/admin-content';
import { type Kysely, sql } from 'kysely';
import type { Database } from '../../platform/db/schema';
import { AppError } from '../../platform/http/app-error';

/**
 * Folds genre `from` into `into` in one transaction: every item filed under `from` is filed
 * under `into` (once), channels that listed `from` list `into`, popularity adds up, `from` goes.
 */
export async function mergeGenres(db: Kysely<Database>, input: TGenreMerge) {
  return db.transaction().execute(async (trx) => {
    const rows = await trx
      .selectFrom('genres')
      .selectAll()
      .where('name', 'in', [input.from.toLowerCase(), input.into.toLowerCase()])
      .forUpdate()
      .execute();
    const from = rows.find((row) => row.name === input.from.toLowerCase());
    const into = rows.find((row) => row.name === input.into.toLowerCase());
    if (!from) throw new AppError('validation', 'Genre not found.', { from: 'Genre not found.' });
    if (!into) throw new AppError('validation', 'Genre not found.', { into: 'Genre not found.' });
    await sql`insert into genreables (genre_id, genreable_type, genreable_id, created_at)
      select ${into.id}, genreable_type, genreable_id, created_at from genreables where genre_id = ${from.id}
      on conflict do nothing`.execute(trx);
    await sql`update channelables set model_id = ${into.id}
      where model_type = 'genre' and model_id = ${from.id}
      and not exists (select 1 from channelables c2 where c2.channel_id = channelables.channel_id
        and c2.model_type = 'genre' and c2.model_id = ${into.id})`.execute(trx);
    await trx
      .deleteFrom('channelables')
      .where('model_type', '=', 'genre')
      .where('model_id', '=', from.id)
      .execute();
    await trx.deleteFrom('genres').where('id', '=', from.id).execute();
    return trx
      .updateTable('genres')
      .set({ popularity: sql`popularity + ${from.popularity}`, updated_at: new Date() })
      .where('id', '=', into.id)
      .returningAll()
      .executeTakeFirstOrThrow();
  });
}
