import type { Generated } from 'kysely';
import type { Timestamp } from '../../platform/db/column-types';
import type { TTaggableType } from '../catalogue/taggable';

export interface GenresTable {
  id: Generated<number>;
  name: string;
  display_name: string | null;
  image: string | null;
  popularity: Generated<number>;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface GenreablesTable {
  genre_id: number;
  genreable_type: TTaggableType;
  genreable_id: number;
  created_at: Timestamp;
}

declare module '../../platform/db/schema' {
  interface Database {
    genres: GenresTable;
    genreables: GenreablesTable;
  }
}
