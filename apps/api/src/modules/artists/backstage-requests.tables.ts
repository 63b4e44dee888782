import type { ColumnType, Generated } from 'kysely';
import type { Timestamp } from '../../platform/db/column-types';

/** Created with the catalogue tables; the backstage module owns the behaviour. */
export interface BackstageRequestsTable {
  id: Generated<number>;
  user_id: number;
  type: 'become_artist' | 'verify_artist' | 'claim_artist';
  artist_id: number | null;
  artist_name: string | null;
  status: Generated<'pending' | 'approved' | 'denied'>;
  data: ColumnType<Record<string, unknown>, string | undefined, string>;
  reviewed_by: number | null;
  reviewed_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  notes: string | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

declare module '../../platform/db/schema' {
  interface Database {
    backstage_requests: BackstageRequestsTable;
  }
}
