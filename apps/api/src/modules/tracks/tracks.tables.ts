import type { ColumnType, Generated } from 'kysely';
import type { Timestamp } from '../../platform/db/column-types';

export type TVisibility = 'public' | 'unlisted' | 'private';

export interface TracksTable {
  id: Generated<number>;
  name: string;
  slug: string;
  number: number | null;
  /** Milliseconds. */
  duration: number | null;
  album_id: number | null;
  /** A storage path relative to `${DATA_DIR}/storage` or an external http(s) URL. */
  src: string | null;
  /** Plain id of the uploads module's `file_entries` row (no foreign key across modules). */
  file_entry_id: number | null;
  mime: string | null;
  bitrate: number | null;
  image: string | null;
  description: string | null;
  isrc: string | null;
  explicit: Generated<boolean>;
  waveform: ColumnType<number[] | null, string | null | undefined, string | null>;
  plays: Generated<number>;
  downloads: Generated<number>;
  owner_id: number | null;
  /** The workspace that was active when it was created (null: its owner's personal one). */
  workspace_id: ColumnType<number | null, number | null | undefined, number | null>;
  released_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  visibility: Generated<TVisibility>;
  /** EBU R128 integrated loudness (LUFS) and the ReplayGain 2.0 values (modules/loudness); null until measured. */
  loudness_lufs: OptionalNumber;
  /** dB to reach -18 LUFS. */
  track_gain: OptionalNumber;
  /** True peak, linear (1 = full scale). */
  track_peak: OptionalNumber;
  album_gain: OptionalNumber;
  album_peak: OptionalNumber;
  loudness_measured_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  /** The track's genre and tag ids, sorted: kept by triggers on `genreables`/`taggables` (smart rules read them). */
  genre_ids: ColumnType<number[], never, never>;
  tag_ids: ColumnType<number[], never, never>;
  created_at: Timestamp;
  updated_at: Timestamp;
}

type OptionalNumber = ColumnType<number | null, number | null | undefined, number | null>;

export interface ArtistTrackTable {
  artist_id: number;
  track_id: number;
  position: Generated<number>;
  primary: Generated<boolean>;
}

declare module '../../platform/db/schema' {
  interface Database {
    tracks: TracksTable;
    artist_track: ArtistTrackTable;
  }
}
