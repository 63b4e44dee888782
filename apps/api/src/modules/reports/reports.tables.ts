import type { ColumnType, Generated } from 'kysely';
import type { Timestamp } from '../../platform/db/column-types';

export interface ReportsTable {
  id: Generated<number>;
  reporter_id: number | null;
  reportable_type: 'track' | 'album' | 'playlist' | 'comment' | 'user';
  reportable_id: number;
  reason: 'spam' | 'offensive' | 'copyright' | 'wrong_info' | 'other';
  details: string | null;
  status: Generated<'open' | 'resolved'>;
  resolution: 'hide' | 'delete' | 'dismiss' | null;
  resolved_by: number | null;
  resolved_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  created_at: Timestamp;
  updated_at: Timestamp;
}

declare module '../../platform/db/schema' {
  interface Database {
    reports: ReportsTable;
  }
}
