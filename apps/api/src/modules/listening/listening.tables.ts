import type { Generated } from 'kysely';
import type { Timestamp } from '../../platform/db/column-types';

export interface ListeningSettingsTable {
  user_id: number;
  /** kbps; null: no limit of the listener's own. */
  max_bit_rate: number | null;
  /** `opus` | `mp3` | `aac`; null: the site's default format. */
  format: string | null;
  /** `off` | `track` | `album` | `auto` */
  loudness: Generated<string>;
  /** dB added to the ReplayGain gain. */
  preamp_db: Generated<number>;
  crossfade_seconds: Generated<number>;
  updated_at: Timestamp;
}

declare module '../../platform/db/schema' {
  interface Database {
    listening_settings: ListeningSettingsTable;
  }
}
