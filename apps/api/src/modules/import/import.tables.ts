import type { Generated } from 'kysely';
import type { Timestamp } from '../../platform/db/column-types';

/** One row per imported source file: its identity (path, size, mtime, hash) and its track. */
export interface ImportFilesTable {
  id: Generated<number>;
  source_path: string;
  size: number;
  mtime_ms: number;
  sha256: string;
  track_id: number | null;
  imported_at: Timestamp;
  updated_at: Timestamp;
}

declare module '../../platform/db/schema' {
  interface Database {
    import_files: ImportFilesTable;
  }
}
