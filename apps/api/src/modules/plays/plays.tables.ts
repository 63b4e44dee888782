import type { ColumnType, Generated } from 'kysely';
import type { Timestamp } from '../../platform/db/schema';

export type TPlaySource = 'player' | 'embed' | 'radio' | 'api';

/** Append-only: never updated; counters and `play_daily` are derived when a play is recorded. */
export interface PlaysTable {
  id: Generated<number>;
  track_id: number;
  user_id: number | null;
  played_at: Timestamp;
  duration_played_ms: number;
  platform: string | null;
  device: string | null;
  browser: string | null;
  country: string | null;
  source: Generated<TPlaySource>;
}

export interface PlayDailyTable {
  track_id: number;
  /** `date` column: drivers return a Date; select `to_char(day, 'YYYY-MM-DD')` for text. */
  day: ColumnType<Date, string, string>;
  plays: Generated<number>;
}
