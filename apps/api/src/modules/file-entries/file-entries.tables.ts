import type { ColumnType, Generated, Selectable } from 'kysely';
import type { NullableTimestamp, Timestamp } from '../../platform/db/column-types';

/** PostgreSQL `bigint` comes back as text from pg; always written as a number. */
type BigIntColumn = ColumnType<string | number, number, number>;

export interface FileEntriesTable {
  id: Generated<number>;
  name: string;
  /** The stored name (a uuid): never chosen by the client. */
  file_name: string;
  client_name: string | null;
  client_mime: string | null;
  client_extension: string | null;
  /** Sniffed from the bytes; the client's claim is kept apart in `client_mime`. */
  mime: string;
  extension: string;
  file_size: BigIntColumn;
  /** Disk-relative path of the bytes. */
  path: string;
  disk: 'uploads' | 'public';
  driver: 'local' | 's3';
  parent_id: number | null;
  owner_id: number | null;
  created_at: Timestamp;
  updated_at: Timestamp;
  deleted_at: NullableTimestamp;
}

export type FileEntryRow = Selectable<FileEntriesTable>;

declare module '../../platform/db/schema' {
  interface Database {
    file_entries: FileEntriesTable;
  }
}
