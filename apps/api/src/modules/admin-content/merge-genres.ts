import type { TGenreMerge } from '@cadence/contracts/admin-content';
import type { Kysely } from 'kysely';
import type { Database } from '../../platform/db/schema';
import { AppError } from '../../platform/http/app-error';
import { catalogueChanged } from '../catalogue/catalogue-invalidation';
import * as repo from './genre-merge.repository';

/**
 * Folds genre `from` into `into` in one transaction: every item filed under `from` is filed
 * under `into` (once), channels that listed `from` list `into`, popularity adds up, `from` goes.
 */
export async function mergeGenres(db: Kysely<Database>, input: TGenreMerge) {
  const merged = await db.transaction().execute(async (trx) => {
    const rows = await repo.lockByNames(trx, [input.from.toLowerCase(), input.into.toLowerCase()]);
    const from = rows.find((row) => row.name === input.from.toLowerCase());
    const into = rows.find((row) => row.name === input.into.toLowerCase());
    if (!from) throw new AppError('validation', 'Genre not found.', { from: 'Genre not found.' });
    if (!into) throw new AppError('validation', 'Genre not found.', { into: 'Genre not found.' });
    await repo.copyItems(trx, from.id, into.id);
    await repo.moveChannelLinks(trx, from.id, into.id);
    await repo.remove(trx, from.id);
    return repo.addPopularity(trx, into.id, from.popularity);
  });
  // Any cached page may embed either genre's name.
  await catalogueChanged(db, { all: true });
  return merged;
}
