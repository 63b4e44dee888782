import type { Generated } from 'kysely';
import type { NullableTimestamp } from '../../platform/db/column-types';

export type TDataExportStatus = 'pending' | 'ready' | 'failed';

export interface DataExportsTable {
  id: Generated<number>;
  user_id: number;
  status: Generated<TDataExportStatus>;
  /** The archive on the uploads disk, once built. */
  path: string | null;
  error: string | null;
  created_at: Generated<Date>;
  finished_at: NullableTimestamp;
  expires_at: NullableTimestamp;
}

declare module '../../platform/db/schema' {
  interface Database {
    data_exports: DataExportsTable;
  }
}
