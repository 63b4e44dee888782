import type { ColumnType } from 'kysely';
import type { Timestamp } from '../../platform/db/column-types';

export interface UserProfilesTable {
  user_id: number;
  header_image: string | null;
  description: string | null;
  city: string | null;
  country: string | null;
  links: ColumnType<{ url: string; title: string }[], string | undefined, string>;
  created_at: Timestamp;
  updated_at: Timestamp;
}

declare module '../../platform/db/schema' {
  interface Database {
    user_profiles: UserProfilesTable;
  }
}
