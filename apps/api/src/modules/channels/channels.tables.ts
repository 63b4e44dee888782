import type { ColumnType, Generated } from 'kysely';
import type { Timestamp } from '../../platform/db/column-types';

/** Created with the catalogue tables; the channels engine (catalogue-discovery) owns the behaviour. */
export interface ChannelsTable {
  id: Generated<number>;
  name: string;
  slug: string;
  description: string | null;
  config: ColumnType<Record<string, unknown>, string | undefined, string>;
  internal: Generated<boolean>;
  owner_id: number | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface ChannelablesTable {
  channel_id: number;
  model_type: 'track' | 'album' | 'artist' | 'playlist' | 'genre' | 'channel' | 'user';
  model_id: number;
  position: Generated<number>;
  created_at: Timestamp;
}

declare module '../../platform/db/schema' {
  interface Database {
    channels: ChannelsTable;
    channelables: ChannelablesTable;
  }
}
