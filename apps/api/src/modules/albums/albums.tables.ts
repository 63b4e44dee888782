import type { ColumnType, Generated } from 'kysely';
import type { Timestamp } from '../../platform/db/column-types';

export type TRecordType = 'album' | 'single' | 'ep' | 'compilation';

export interface AlbumsTable {
  id: Generated<number>;
  name: string;
  slug: string;
  /** `date` column: drivers return a Date (local or UTC midnight); select `to_char(...)` for text. */
  release_date: ColumnType<Date | null, string | null | undefined, string | null>;
  image: string | null;
  description: string | null;
  owner_id: number | null;
  /** The workspace that was active when it was created (null: its owner's personal one). */
  workspace_id: ColumnType<number | null, number | null | undefined, number | null>;
  plays: Generated<number>;
  views: Generated<number>;
  record_type: Generated<TRecordType>;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface AlbumArtistTable {
  album_id: number;
  artist_id: number;
  position: Generated<number>;
}

declare module '../../platform/db/schema' {
  interface Database {
    albums: AlbumsTable;
    album_artist: AlbumArtistTable;
  }
}
