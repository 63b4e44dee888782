import type { Generated } from 'kysely';
import type { Timestamp } from '../../platform/db/column-types';

export interface ErrorLogTable {
  id: Generated<number>;
  request_id: string;
  method: string;
  url: string;
  status: number;
  exception: string;
  message: string;
  stack: string | null;
  user_id: number | null;
  created_at: Timestamp;
}

declare module '../../platform/db/schema' {
  interface Database {
    error_log: ErrorLogTable;
  }
}
