import type { ColumnType, Generated } from 'kysely';
import type { NullableTimestamp, Timestamp } from '../../platform/db/column-types';

export interface SubsonicCredentialsTable {
  user_id: number;
  is_enabled: Generated<boolean>;
  /** The app password encrypted under the app key (`encryptSecret`); null when none or revoked. */
  app_password: ColumnType<string | null, string | null | undefined, string | null>;
  password_created_at: NullableTimestamp;
  last_used_at: NullableTimestamp;
  created_at: Timestamp;
  updated_at: Timestamp;
}

declare module '../../platform/db/schema' {
  interface Database {
    subsonic_credentials: SubsonicCredentialsTable;
  }
}
