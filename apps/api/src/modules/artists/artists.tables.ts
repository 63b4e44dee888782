import type { ColumnType, Generated } from 'kysely';
import type { Timestamp } from '../../platform/db/column-types';

export type TLinkJson = { url: string; title: string };

export interface ArtistsTable {
  id: Generated<number>;
  name: string;
  slug: string;
  image_small: string | null;
  image_large: string | null;
  verified: Generated<boolean>;
  disabled: Generated<boolean>;
  description: string | null;
  country: string | null;
  city: string | null;
  links: ColumnType<TLinkJson[], string | undefined, string>;
  plays: Generated<number>;
  views: Generated<number>;
  /** The workspace that was active when it was created (null: its owner's personal one). */
  workspace_id: ColumnType<number | null, number | null | undefined, number | null>;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface UserArtistTable {
  user_id: number;
  artist_id: number;
  role: Generated<'owner' | 'editor'>;
  created_at: Timestamp;
}

declare module '../../platform/db/schema' {
  interface Database {
    artists: ArtistsTable;
    user_artist: UserArtistTable;
  }
}
