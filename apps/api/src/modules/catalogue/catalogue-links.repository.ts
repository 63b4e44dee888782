import type { Transaction } from 'kysely';
import type { Database } from '../../platform/db/schema';

type Trx = Transaction<Database>;

/** The polymorphic tables that point at catalogue items, with their type and id columns. */
const LINK_COLUMNS = {
  likes: ['likeable_type', 'likeable_id'],
  reposts: ['repostable_type', 'repostable_id'],
  comments: ['commentable_type', 'commentable_id'],
  follows: ['followable_type', 'followable_id'],
  genreables: ['genreable_type', 'genreable_id'],
  taggables: ['taggable_type', 'taggable_id'],
  channelables: ['model_type', 'model_id'],
} as const;

export type LinkTable = keyof typeof LINK_COLUMNS;

/** Deletes what `tables` hold about the items (no foreign key can cascade a polymorphic row). */
export async function deleteLinks(
  trx: Trx,
  tables: readonly LinkTable[],
  type: string,
  ids: readonly number[],
): Promise<void> {
  for (const table of tables) {
    const [typeColumn, idColumn] = LINK_COLUMNS[table];
    await trx
      .deleteFrom(table)
      .where(trx.dynamic.ref(typeColumn), '=', type)
      .where(trx.dynamic.ref(idColumn), 'in', ids)
      .execute();
  }
}
