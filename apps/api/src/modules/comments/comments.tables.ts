import type { Generated } from 'kysely';
import type { Timestamp } from '../../platform/db/column-types';

export interface CommentsTable {
  id: Generated<number>;
  commentable_type: 'track' | 'album';
  commentable_id: number;
  user_id: number | null;
  parent_id: number | null;
  /** Materialised path of zero-padded ancestor ids and its own id; orders a thread. */
  path: Generated<string>;
  depth: Generated<number>;
  content: string;
  position_ms: number | null;
  deleted: Generated<boolean>;
  upvotes: Generated<number>;
  downvotes: Generated<number>;
  created_at: Timestamp;
  updated_at: Timestamp;
}

declare module '../../platform/db/schema' {
  interface Database {
    comments: CommentsTable;
  }
}
