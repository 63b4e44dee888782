import type { Transaction } from 'kysely';
import type { Database } from '../../platform/db/schema';
import { syncGenres } from '../genres/genre-links';
import type { TTaggableType } from '../genres/genres.tables';
import { syncTags } from '../tags/tag-links';

type Trx = Transaction<Database>;

/** Replaces the genres and tags an edit names; a list left out keeps what the item has. */
export async function syncGenresAndTags(
  trx: Trx,
  type: TTaggableType,
  id: number,
  input: { genres?: string[]; tags?: string[] },
  userId: number | null,
): Promise<void> {
  if (input.genres) await syncGenres(trx, type, id, input.genres);
  if (input.tags) await syncTags(trx, type, id, input.tags, userId);
}
