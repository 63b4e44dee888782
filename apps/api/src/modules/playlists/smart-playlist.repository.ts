import type { TSmartRules } from '@cadence/contracts/smart-playlist';
import { type Kysely, type OrderByItemBuilder, sql } from 'kysely';
import type { Database } from '../../platform/db/schema';
import type { TrackRow } from '../catalogue/track-dto';
import {
  ownerCandidates,
  readsPlays,
  rulesMatch,
  type SmartContext,
  sortKey,
} from './smart-rules.repository';

type Db = Kysely<Database>;
/** Rules read the owner's plays and likes; privacy is the viewer's: only their own private tracks match. */
export type SmartScope = SmartContext & { viewerId: number | null };

function matching(db: Db, rules: TSmartRules, scope: SmartScope) {
  return db
    .selectFrom('tracks')
    .leftJoin('albums', 'albums.id', 'tracks.album_id')
    .$if(readsPlays(rules), (query) =>
      query.leftJoin(
        (eb) =>
          eb
            .selectFrom('plays')
            .select((pb) => [
              'plays.track_id',
              sql<number>`count(*)::int`.as('play_count'),
              pb.fn.max('plays.played_at').as('last_played'),
            ])
            .where('plays.user_id', '=', scope.ownerId)
            .groupBy('plays.track_id')
            .as('mine'),
        (join) => join.onRef('mine.track_id', '=', 'tracks.id'),
      ),
    )
    .where((eb) =>
      scope.viewerId === null
        ? eb('tracks.visibility', '!=', 'private')
        : eb.or([eb('tracks.visibility', '!=', 'private'), eb('tracks.owner_id', '=', scope.viewerId)]),
    )
    .where(rulesMatch(rules, scope))
    .$call((query) => {
      const candidates = ownerCandidates(rules, scope.ownerId);
      return candidates ? query.where(candidates) : query;
    });
}

/**
 * The rules' tracks in their order: one statement, at most `cap` (or the rules' smaller limit).
 * The matching ids and their sort key are picked first, then their rows are read: the pick needs
 * only a few columns of `tracks`, so an index holding them (`tracks_smart_title_index`) can walk
 * the order and stop at the limit without visiting the table, and only the rows kept are read.
 */
export function smartTrackRows(
  db: Db,
  rules: TSmartRules,
  scope: SmartScope,
  cap: number,
): Promise<TrackRow[]> {
  const { field, order } = rules.sort;
  const limit = Math.min(rules.limit ?? cap, cap);
  if (field === 'random')
    return matching(db, rules, scope).selectAll('tracks').orderBy(sql`random()`).limit(limit).execute();
  const key = sortKey(field);
  const direction = (ob: OrderByItemBuilder) =>
    order === 'desc' ? ob.desc().nullsLast() : ob.asc().nullsLast();
  const picked = matching(db, rules, scope)
    .select([sql<unknown>`${key}`.as('sort_key'), 'tracks.id as picked_id'])
    .orderBy(key, direction)
    .orderBy('tracks.id')
    .limit(limit)
    .as('picked');
  return db
    .selectFrom(picked)
    .innerJoin('tracks', 'tracks.id', 'picked.picked_id')
    .selectAll('tracks')
    .orderBy('picked.sort_key', direction)
    .orderBy('tracks.id')
    .execute();
}

/** The rules' track ids in their order with their durations (ms), at most `cap`: for lists that
 * show counts and totals, or fetch the tracks in their own shape (the Subsonic module). */
export function smartTrackIds(
  db: Db,
  rules: TSmartRules,
  scope: SmartScope,
  cap: number,
): Promise<{ id: number; duration: number | null }[]> {
  const { field, order } = rules.sort;
  return matching(db, rules, scope)
    .select(['tracks.id', 'tracks.duration'])
    .$if(field === 'random', (query) => query.orderBy(sql`random()`))
    .$if(field !== 'random', (query) =>
      query
        .orderBy(sortKey(field as Exclude<typeof field, 'random'>), (ob) =>
          order === 'desc' ? ob.desc().nullsLast() : ob.asc().nullsLast(),
        )
        .orderBy('tracks.id'),
    )
    .limit(Math.min(rules.limit ?? cap, cap))
    .execute();
}

/** How many tracks the rules give (their limit included): the editor's live count. */
export async function countSmartTracks(db: Db, rules: TSmartRules, scope: SmartScope): Promise<number> {
  const row = await matching(db, rules, scope)
    .select(sql<number>`count(*)::int`.as('n'))
    .executeTakeFirstOrThrow();
  return rules.limit === null ? Number(row.n) : Math.min(Number(row.n), rules.limit);
}
