import type { ColumnType, Generated } from 'kysely';
import type { JsonWithDefault, NullableTimestamp, Timestamp } from '../../platform/db/column-types';

export type TPartyMemberStatus = 'invited' | 'joined' | 'left' | 'removed';

export interface PartiesTable {
  id: Generated<number>;
  code: string;
  host_id: number;
  source_type: 'album' | 'playlist' | 'smart_playlist' | 'queue';
  source_id: number | null;
  track_ids: ColumnType<number[], string, string>;
  suggested_ids: JsonWithDefault<number[]>;
  join_policy: 'link' | 'followers' | 'invited';
  add_policy: 'host' | 'everyone' | 'approved';
  revision: Generated<number>;
  current_index: Generated<number>;
  started_at_ms: number | null;
  position_ms: Generated<number>;
  is_playing: Generated<boolean>;
  ended_at: NullableTimestamp;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface PartyMembersTable {
  party_id: number;
  user_id: number;
  status: TPartyMemberStatus;
  updated_at: Timestamp;
}

export interface PartyMessagesTable {
  id: Generated<number>;
  party_id: number;
  user_id: number | null;
  content: string;
  track_position: number | null;
  position_ms: number | null;
  deleted: Generated<boolean>;
  report_count: Generated<number>;
  created_at: Timestamp;
}

export interface PartyMessageReportsTable {
  message_id: number;
  reporter_id: number;
  created_at: Timestamp;
}

export interface PartyMessageReactionsTable {
  message_id: number;
  user_id: number;
  emoji: string;
  created_at: Timestamp;
}

declare module '../../platform/db/schema' {
  interface Database {
    parties: PartiesTable;
    party_members: PartyMembersTable;
    party_messages: PartyMessagesTable;
    party_message_reports: PartyMessageReportsTable;
    party_message_reactions: PartyMessageReactionsTable;
  }
}
