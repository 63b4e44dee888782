import type { Generated } from 'kysely';
import type { Timestamp } from '../../platform/db/column-types';

export interface TagsTable {
  id: Generated<number>;
  name: string;
  display_name: string | null;
  type: Generated<string>;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface TaggablesTable {
  tag_id: number;
  taggable_type: 'track' | 'album' | 'artist';
  taggable_id: number;
  user_id: number | null;
  created_at: Timestamp;
}

declare module '../../platform/db/schema' {
  interface Database {
    tags: TagsTable;
    taggables: TaggablesTable;
  }
}
