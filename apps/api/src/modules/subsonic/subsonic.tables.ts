import type { ColumnType, Generated } from 'kysely';
import type { NullableTimestamp, Timestamp } from '../../platform/db/column-types';

export interface SubsonicCredentialsTable {
  user_id: number;
  is_enabled: Generated<boolean>;
  /** The app password encrypted under the app key (`encryptSecret`); null when none or revoked. */
  app_password: ColumnType<string | null, string | null | undefined, string | null>;
  password_created_at: NullableTimestamp;
  last_used_at: NullableTimestamp;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export type TRateableType = 'track' | 'album' | 'artist';

/** A Subsonic star rating (1-5) of one user; Cadence's own pages only know likes. */
export interface SubsonicRatingsTable {
  user_id: number;
  rateable_type: TRateableType;
  rateable_id: number;
  rating: number;
  updated_at: Timestamp;
}

export interface SubsonicBookmarksTable {
  user_id: number;
  track_id: number;
  position_ms: ColumnType<string | number, number, number>;
  comment: string | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

/** The queue an app saved (`savePlayQueue`), one per user, for the next app to resume. */
export interface SubsonicPlayQueuesTable {
  user_id: number;
  /** JSON array of track ids, in queue order. */
  track_ids: ColumnType<number[], string, string>;
  current_id: number | null;
  position_ms: ColumnType<string | number, number | undefined, number>;
  changed_by: string;
  updated_at: Timestamp;
}

declare module '../../platform/db/schema' {
  interface Database {
    subsonic_credentials: SubsonicCredentialsTable;
    subsonic_ratings: SubsonicRatingsTable;
    subsonic_bookmarks: SubsonicBookmarksTable;
    subsonic_play_queues: SubsonicPlayQueuesTable;
  }
}
