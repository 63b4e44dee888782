import type { ColumnType, Generated, Selectable } from 'kysely';
import type { Timestamp } from '../../platform/db/column-types';

export type TRecordedPart = { PartNumber: number; ETag: string; Size: number };

export interface S3UploadsTable {
  id: Generated<number>;
  /** The full object key (`uploads/<uuid>`). */
  key: string;
  /** The S3 multipart upload id; null for presigned simple uploads. */
  upload_id: string | null;
  kind: 'simple' | 'multipart';
  status: ColumnType<'pending' | 'completed', 'pending' | 'completed' | undefined, 'pending' | 'completed'>;
  owner_id: number;
  disk: 'uploads' | 'public';
  fingerprint: string | null;
  client_name: string;
  client_mime: string | null;
  client_extension: string | null;
  size: ColumnType<string | number, number, number>;
  parts: ColumnType<TRecordedPart[], string | undefined, string>;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export type S3UploadRow = Selectable<S3UploadsTable>;

declare module '../../platform/db/schema' {
  interface Database {
    s3_uploads: S3UploadsTable;
  }
}
