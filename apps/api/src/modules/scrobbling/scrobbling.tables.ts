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

/**
 * What the outbox owes: a row is deleted once the service took it (a delete writes a fraction of
 * what an update marking it sent did), so every row here is still to send, or given up.
 */
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
  /**
   * The listen as the service is sent it, encoded when queued (ListenBrainz: the JSON of one listen
   * of `submit-listens`' payload), so a batch's body is its rows' texts joined. Null: built from
   * `track` at the send (Last.fm: its form fields carry the listen's place in the batch).
   */
  listen: string | null;
  /** Due when in the past: the backoff after a failure. */
  next_attempt_at: Timestamp;
  /** Given up (too many failures): kept for the listener to see, never sent. */
  failed_at: NullableTimestamp;
  last_error: string | null;
  created_at: Generated<Date>;
}

/**
 * Every listen ever queued for a service, by its play key: written with its outbox row, kept after
 * the row is sent and deleted, so a second report of a listen already sent queues nothing.
 */
export interface ScrobbleKeysTable {
  user_id: number;
  service: TScrobbleService;
  play_key: string;
  created_at: Generated<Date>;
}

declare module '../../platform/db/schema' {
  interface Database {
    scrobble_connections: ScrobbleConnectionsTable;
    scrobble_outbox: ScrobbleOutboxTable;
    scrobble_keys: ScrobbleKeysTable;
  }
}
