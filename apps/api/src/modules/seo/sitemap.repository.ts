import { type Kysely, sql } from 'kysely';
import type { Database } from '../../platform/db/schema';
import '../albums/albums.tables';
import '../artists/artists.tables';
import '../channels/channels.tables';
import '../custom-pages/custom-pages.tables';
import '../playlists/playlists.tables';
import '../tracks/tracks.tables';

/** One sitemap entry as read: the player path is built from these. */
export type TSitemapRow = {
  id: number;
  name: string;
  slug?: string;
  artist_name?: string | null;
  updated_at: Date;
};
export type TSitemapSource = 'artists' | 'albums' | 'tracks' | 'playlists' | 'channels' | 'pages';

/**
 * Keyset pages (`id > after`, by primary key) of what search engines may list: enabled artists,
 * albums, public tracks, public playlists, channels and custom pages. Every page costs the same
 * on a million rows; nothing holds the whole table in memory.
 */
export async function page(
  db: Kysely<Database>,
  source: TSitemapSource,
  after: number,
  limit: number,
): Promise<TSitemapRow[]> {
  switch (source) {
    case 'artists':
      return db
        .selectFrom('artists')
        .select(['id', 'name', 'updated_at'])
        .where('disabled', '=', false)
        .where('id', '>', after)
        .orderBy('id')
        .limit(limit)
        .execute();
    case 'albums':
      return db
        .selectFrom('albums')
        .select([
          'albums.id',
          'albums.name',
          'albums.updated_at',
          sql<
            string | null
          >`(select ar.name from album_artist aa join artists ar on ar.id = aa.artist_id where aa.album_id = albums.id order by aa.position limit 1)`.as(
            'artist_name',
          ),
        ])
        .where('albums.id', '>', after)
        .orderBy('albums.id')
        .limit(limit)
        .execute();
    case 'tracks':
      return db
        .selectFrom('tracks')
        .select(['id', 'name', 'updated_at'])
        .where('visibility', '=', 'public')
        .where('id', '>', after)
        .orderBy('id')
        .limit(limit)
        .execute();
    case 'playlists':
      return db
        .selectFrom('playlists')
        .select(['id', 'name', 'updated_at'])
        .where('public', '=', true)
        .where('id', '>', after)
        .orderBy('id')
        .limit(limit)
        .execute();
    case 'channels':
      return db
        .selectFrom('channels')
        .select(['id', 'name', 'slug', 'updated_at'])
        .where('id', '>', after)
        .orderBy('id')
        .limit(limit)
        .execute();
    case 'pages':
      return db
        .selectFrom('custom_pages')
        .select(['id', 'title as name', 'slug', 'updated_at'])
        .where('id', '>', after)
        .orderBy('id')
        .limit(limit)
        .execute();
  }
}
