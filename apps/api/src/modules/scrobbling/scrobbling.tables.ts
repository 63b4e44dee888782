import type { TScrobbleService } from '@cadence/contracts/scrobbling';
import type { ColumnType, Generated } from 'kysely';
import type { NullableTimestamp, Timestamp } from '../../platform/db/column-types';

export interface ScrobbleConnectionsTable {
  user_id: number;
  service: TScrobbleService;
  /** The ListenBrainz user token or the Last.fm session key, encrypted under the app key. */
  credential: string;
  account_name: string | null;
  created_at: Generated<Date>;
  /** The sender holding the account (scrobble-delivery.ts), until `sender_until`. */
  sender: string | null;
  sender_until: NullableTimestamp;
}

/** What a service is told about the track: kept with the row, so a later catalogue edit changes nothing. */
export type ScrobbledTrack = {
  artist: string;
  track: string;
  album: string | null;
  duration_ms: number | null;
};

export interface ScrobbleOutboxTable {
  id: Generated<string>;
  user_id: number;
  service: TScrobbleService;
  /** The listen it comes from (`play:<plays.id>`): one listen, one scrobble per service. */
  play_key: string;
  track: ColumnType<ScrobbledTrack, string, string>;
  /** When the listen started: what both services take as the scrobble's time. */
  listened_at: Timestamp;
  attempts: Generated<number>;
  /** Due when in the past: the backoff after a failure, or the lease of a sender that took the row. */
  next_attempt_at: Timestamp;
  sent_at: NullableTimestamp;
  /** Given up (too many failures): kept for the listener to see, never sent. */
  failed_at: NullableTimestamp;
  last_error: string | null;
  created_at: Generated<Date>;
}

declare module '../../platform/db/schema' {
  interface Database {
    scrobble_connections: ScrobbleConnectionsTable;
    scrobble_outbox: ScrobbleOutboxTable;
  }
}
