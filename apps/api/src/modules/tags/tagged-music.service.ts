import type { TAlbum } from '@cadence/contracts/album';
import type { TTrack } from '@cadence/contracts/track';
import type { Kysely } from 'kysely';
import type { Database } from '../../platform/db/schema';
import { AppError } from '../../platform/http/app-error';
import { toAlbumDtos } from '../albums/albums.service';
import type { Page } from '../catalogue/catalogue-query.repository';
import { mapPage } from '../catalogue/catalogue-utils';
import { toTrackDtos } from '../catalogue/track-dto';
import { taggedAlbumRows, taggedTrackRows, tagIdByName } from './tagged-music.repository';

type PageOptions = { page: number; perPage: number };

/** What carries a tag (the player's `/tag/{name}` pages), most played first. */
export function createTaggedMusicService(db: Kysely<Database>) {
  async function tagIdOr404(name: string): Promise<number> {
    const tagId = await tagIdByName(db, name);
    if (tagId === undefined) throw new AppError('not_found', 'Tag not found.');
    return tagId;
  }

  return {
    async tracks(name: string, viewerId: number | null, options: PageOptions): Promise<Page<TTrack>> {
      const page = await taggedTrackRows(db, await tagIdOr404(name), viewerId, options);
      return mapPage(page, (rows) => toTrackDtos(db, rows));
    },

    async albums(name: string, options: PageOptions): Promise<Page<TAlbum>> {
      const page = await taggedAlbumRows(db, await tagIdOr404(name), options);
      return mapPage(page, (rows) => toAlbumDtos(db, rows as never));
    },
  };
}
