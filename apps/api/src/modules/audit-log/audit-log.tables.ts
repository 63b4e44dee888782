import type { ColumnType, Generated } from 'kysely';
import type { Timestamp } from '../../platform/db/column-types';

type NullableJson = ColumnType<unknown | null, string | null | undefined, string | null>;

export interface AuditLogTable {
  id: Generated<number>;
  actor_id: number | null;
  action: string;
  subject_type: string;
  subject_id: string | null;
  before: NullableJson;
  after: NullableJson;
  ip_address: string | null;
  created_at: Timestamp;
}

declare module '../../platform/db/schema' {
  interface Database {
    audit_log: AuditLogTable;
  }
}
