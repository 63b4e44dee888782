import { type ExpressionBuilder, sql } from 'kysely';
import type { Database } from '../../platform/db/schema';
import type { TRateableType } from './subsonic.tables';

/**
 * The viewer's own Subsonic rating of the row (`user_rating`, null when unrated), as a correlated
 * select the catalogue queries add. Only the viewer's: other people's ratings are never shown.
 */
export function userRating<DB extends Database, TB extends keyof DB>(
  _eb: ExpressionBuilder<DB, TB>,
  type: TRateableType,
  column: string,
  viewerId: number,
) {
  return sql<
    number | null
  >`(select r.rating from subsonic_ratings r where r.user_id = ${viewerId} and r.rateable_type = ${type} and r.rateable_id = ${sql.ref(column)})`.as(
    'user_rating',
  );
}
