import type { Generated, Selectable } from 'kysely';
import type { JsonWithDefault, Timestamp } from '../../platform/db/column-types';

/** What the tags said and the user changed since; the file's own fields live on its entry. */
export type TUploadDraftData = {
  name: string;
  artists: string[];
  album: string | null;
  number: number | null;
  genres: string[];
  year: number | null;
  duration: number | null;
  image: string | null;
  lyrics: string | null;
};

export interface UploadDraftsTable {
  id: Generated<number>;
  user_id: number;
  workspace_id: number | null;
  file_entry_id: number;
  /** The cover read from the tags, stored as the user's image: deleted with the draft. */
  image_entry_id: number | null;
  data: JsonWithDefault<TUploadDraftData>;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export type UploadDraftRow = Selectable<UploadDraftsTable>;

declare module '../../platform/db/schema' {
  interface Database {
    upload_drafts: UploadDraftsTable;
  }
}
