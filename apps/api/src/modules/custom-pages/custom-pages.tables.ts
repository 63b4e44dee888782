import type { Generated } from 'kysely';
import type { Timestamp } from '../../platform/db/column-types';

export interface CustomPagesTable {
  id: Generated<number>;
  title: string;
  slug: string;
  body: Generated<string>;
  meta_title: string | null;
  meta_description: string | null;
  hide_nav: Generated<boolean>;
  user_id: number | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

declare module '../../platform/db/schema' {
  interface Database {
    custom_pages: CustomPagesTable;
  }
}
