import type { Generated } from 'kysely';
import type { Timestamp } from '../../platform/db/column-types';

export interface LyricsTable {
  id: Generated<number>;
  track_id: number;
  /** Plain text, or LRC (`[mm:ss.xx] line`) when `synced`. */
  text: string;
  synced: Generated<boolean>;
  language: string | null;
  source: string | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

declare module '../../platform/db/schema' {
  interface Database {
    lyrics: LyricsTable;
  }
}
