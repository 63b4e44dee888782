import type { TSmartRules } from '@cadence/contracts/smart-playlist';
import type { ColumnType, Generated } from 'kysely';
import type { Timestamp } from '../../platform/db/column-types';

export interface PlaylistsTable {
  id: Generated<number>;
  name: string;
  slug: string;
  description: string | null;
  image: string | null;
  public: Generated<boolean>;
  collaborative: Generated<boolean>;
  owner_id: number;
  /** The workspace that was active when it was created (null: its owner's personal one). */
  workspace_id: ColumnType<number | null, number | null | undefined, number | null>;
  /** A smart playlist's rules (validated by the contract before they are stored); null: a plain one. */
  smart_rules: ColumnType<TSmartRules | null, string | null | undefined, string | null>;
  plays: Generated<number>;
  views: Generated<number>;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface PlaylistTrackTable {
  playlist_id: number;
  track_id: number;
  position: number;
  added_by: number | null;
  added_at: Timestamp;
}

export interface PlaylistEditorTable {
  playlist_id: number;
  user_id: number;
  created_at: Timestamp;
}

declare module '../../platform/db/schema' {
  interface Database {
    playlists: PlaylistsTable;
    playlist_track: PlaylistTrackTable;
    playlist_editor: PlaylistEditorTable;
  }
}
