import type { TAlbum } from '@cadence/contracts/album';
import type { TTrack } from '@cadence/contracts/track';
import type { Kysely } from 'kysely';
import type { Database } from '../../platform/db/schema';
import { AppError } from '../../platform/http/app-error';
import { toAlbumDtos } from '../albums/albums.service';
import { dateText, mapPage, type Page, paginate } from '../catalogue/catalogue-utils';
import { toTrackDtos } from '../tracks/track-dto';

type PageOptions = { page: number; perPage: number };

/** What carries a tag (the player's `/tag/{name}` pages), most played first. */
export function createTaggedMusicService(db: Kysely<Database>) {
  async function tagIdOr404(name: string): Promise<number> {
    const tag = await db
      .selectFrom('tags')
      .select('id')
      .where((eb) => eb(eb.fn('lower', ['name']), '=', name.toLowerCase()))
      .executeTakeFirst();
    if (!tag) throw new AppError('not_found', 'Tag not found.');
    return tag.id;
  }

  return {
    async tracks(name: string, viewerId: number | null, options: PageOptions): Promise<Page<TTrack>> {
      const tagId = await tagIdOr404(name);
      const base = db
        .selectFrom('taggables')
        .innerJoin('tracks', 'tracks.id', 'taggables.taggable_id')
        .where('taggables.tag_id', '=', tagId)
        .where('taggables.taggable_type', '=', 'track')
        // Unlisted tracks are reachable by link only, never by browsing.
        .where((eb) => eb.or([eb('tracks.visibility', '=', 'public'), eb('tracks.owner_id', '=', viewerId)]));
      const page = await paginate(base, options, (q) =>
        q.selectAll('tracks').orderBy('tracks.plays', 'desc').orderBy('tracks.id', 'desc'),
      );
      return mapPage(page, (rows) => toTrackDtos(db, rows));
    },

    async albums(name: string, options: PageOptions): Promise<Page<TAlbum>> {
      const tagId = await tagIdOr404(name);
      const base = db
        .selectFrom('taggables')
        .innerJoin('albums', 'albums.id', 'taggables.taggable_id')
        .where('taggables.tag_id', '=', tagId)
        .where('taggables.taggable_type', '=', 'album');
      const page = await paginate(base, options, (q) =>
        q
          .selectAll('albums')
          .select(dateText('albums.release_date').as('release_date'))
          .orderBy('albums.plays', 'desc')
          .orderBy('albums.id', 'desc'),
      );
      return mapPage(page, (rows) => toAlbumDtos(db, rows as never));
    },
  };
}
