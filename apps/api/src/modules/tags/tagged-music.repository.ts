import type { Kysely } from 'kysely';
import type { Database } from '../../platform/db/schema';
import { dateText, paginate } from '../catalogue/catalogue-query.repository';

type Db = Kysely<Database>;
type PageOptions = { page: number; perPage: number };

/** A tag's id by its name, case-insensitively. */
export async function tagIdByName(db: Db, name: string): Promise<number | undefined> {
  const tag = await db
    .selectFrom('tags')
    .select('id')
    .where((eb) => eb(eb.fn('lower', ['name']), '=', name.toLowerCase()))
    .executeTakeFirst();
  return tag?.id;
}

/** One page of the tracks carrying the tag that the viewer may browse, most played first. */
export function taggedTrackRows(db: Db, tagId: number, viewerId: number | null, options: PageOptions) {
  const base = db
    .selectFrom('taggables')
    .innerJoin('tracks', 'tracks.id', 'taggables.taggable_id')
    .where('taggables.tag_id', '=', tagId)
    .where('taggables.taggable_type', '=', 'track')
    // Unlisted tracks are reachable by link only, never by browsing.
    .where((eb) => eb.or([eb('tracks.visibility', '=', 'public'), eb('tracks.owner_id', '=', viewerId)]));
  return paginate(base, options, (q) =>
    q.selectAll('tracks').orderBy('tracks.plays', 'desc').orderBy('tracks.id', 'desc'),
  );
}

/** One page of the albums carrying the tag, most played first. */
export function taggedAlbumRows(db: Db, tagId: number, options: PageOptions) {
  const base = db
    .selectFrom('taggables')
    .innerJoin('albums', 'albums.id', 'taggables.taggable_id')
    .where('taggables.tag_id', '=', tagId)
    .where('taggables.taggable_type', '=', 'album');
  return paginate(base, options, (q) =>
    q
      .selectAll('albums')
      .select(dateText('albums.release_date').as('release_date'))
      .orderBy('albums.plays', 'desc')
      .orderBy('albums.id', 'desc'),
  );
}
