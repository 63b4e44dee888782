import type { TPlaySource } from '@cadence/contracts/play';
import type { ColumnType, Generated } from 'kysely';
import type { Timestamp } from '../../platform/db/column-types';

export type { TPlaySource };

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
  city: string | null;
  /** Salted hash of the listener (user id or guest address + agent): unique listeners, no raw address. */
  listener_hash: string | null;
}

export interface PlayDailyTable {
  track_id: number;
  /** `date` column: drivers return a Date; select `to_char(day, 'YYYY-MM-DD')` for text. */
  day: ColumnType<Date, string, string>;
  plays: Generated<number>;
}

export interface PlayDailyDimsTable {
  track_id: number;
  day: ColumnType<Date, string, string>;
  dimension: 'device' | 'platform' | 'browser' | 'source' | 'country' | 'city';
  value: string;
  plays: Generated<number>;
}

/** `play_daily_dims` summed by calendar month (`month` is the month's first day): long ranges read this. */
export interface PlayMonthlyDimsTable {
  track_id: number;
  month: ColumnType<Date, string, string>;
  dimension: PlayDailyDimsTable['dimension'];
  value: string;
  plays: Generated<number>;
}

export interface PlayDailyListenersTable {
  track_id: number;
  day: ColumnType<Date, string, string>;
  listener_hash: string;
}

/** One row per track, month and listener: unique listeners of long ranges. */
export interface PlayMonthlyListenersTable {
  track_id: number;
  month: ColumnType<Date, string, string>;
  listener_hash: string;
}

export interface PageViewsTable {
  id: Generated<number>;
  viewed_at: Timestamp;
  day: ColumnType<Date, string, string>;
  page_kind: string;
  referrer_host: string | null;
  country: string | null;
  device: string | null;
  visitor_hash: string;
}

declare module '../../platform/db/schema' {
  interface Database {
    plays: PlaysTable;
    play_daily: PlayDailyTable;
    play_daily_dims: PlayDailyDimsTable;
    play_monthly_dims: PlayMonthlyDimsTable;
    play_daily_listeners: PlayDailyListenersTable;
    play_monthly_listeners: PlayMonthlyListenersTable;
    page_views: PageViewsTable;
  }
}
