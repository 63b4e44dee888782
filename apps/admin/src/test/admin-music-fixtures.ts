import { fixture } from '@cadence/app-shell/test/story-helpers';
import {
  ZAdminAlbumRowSchema,
  ZAdminArtistRowSchema,
  ZAdminTrackRowSchema,
} from '@cadence/contracts/admin-catalogue';
import {
  ZAdminCommentRowSchema,
  ZAdminLyricsRowSchema,
  ZAdminPlaylistRowSchema,
} from '@cadence/contracts/admin-content';
import { ZGenreSchema } from '@cadence/contracts/genre';
import { ZReportSchema } from '@cadence/contracts/report';
import { ZTagSchema } from '@cadence/contracts/tag';
import { LONG_TEXT, listHandler, STAMP } from './admin-story-fixtures';

/**
 * The admin's catalogue tables' rows (tracks, albums, artists, genres, tags, playlists, lyrics,
 * comments, reports), each parsed with its contract.
 */

const owner = { id: 7, name: 'Ada Lovelace', image: null };
const pick = <T>(list: readonly T[], index: number): T => list[index % list.length] as T;
const GENRES = ['rock', 'jazz', 'hip-hop', 'lo fi', 'ambient'];

export const storyTrackRow = (id: number) =>
  fixture(ZAdminTrackRowSchema, {
    id,
    name: id === 3 ? LONG_TEXT : `Night Drive ${id}`,
    image: null,
    duration: 180_000 + id * 1000,
    plays: id * 1234,
    visibility: pick(['public', 'unlisted', 'private'] as const, id),
    album: { id: 200 + (id % 4), name: `Album ${id % 4}` },
    artists: [{ id: 100 + (id % 3), name: `Artist ${id % 3}` }],
    owner,
    genres: [{ id: 1 + (id % 5), name: pick(GENRES, id), display_name: null }],
    has_audio: id % 4 !== 0,
    has_lyrics: id % 2 === 0,
    released_at: '2026-09-01',
    created_at: STAMP,
  });

export const storyAlbumRow = (id: number) =>
  fixture(ZAdminAlbumRowSchema, {
    id,
    name: id === 3 ? LONG_TEXT : `Album ${id}`,
    image: null,
    plays: id * 4321,
    record_type: pick(['album', 'single', 'ep'], id),
    release_date: '2026-09-01',
    artists: [{ id: 100 + (id % 3), name: `Artist ${id % 3}` }],
    owner,
    genres: [{ id: 1 + (id % 5), name: pick(GENRES, id), display_name: null }],
    tracks_count: 8 + id,
    created_at: STAMP,
  });

export const storyArtistRow = (id: number) =>
  fixture(ZAdminArtistRowSchema, {
    id,
    name: id === 3 ? LONG_TEXT : `The Midnight Hours ${id}`,
    image: null,
    plays: id * 9876,
    verified: id % 2 === 0,
    disabled: id % 5 === 0,
    managers: id % 4 === 0 ? [] : [owner],
    genres: [{ id: 1 + (id % 5), name: pick(GENRES, id), display_name: null }],
    albums_count: id,
    tracks_count: id * 9,
    created_at: STAMP,
  });

export const storyGenre = (id: number) =>
  fixture(ZGenreSchema, {
    id,
    name: pick(GENRES, id - 1) + (id > GENRES.length ? ` ${id}` : ''),
    display_name: id === 3 ? 'Hip-Hop' : null,
    image: null,
    popularity: 1000 - id * 10,
    created_at: STAMP,
    updated_at: STAMP,
  });

/** `GET api/v1/genres` (the genres page, and the music tables' genre filter). */
export const genresHandler = (count = 8) =>
  listHandler('genres', ZGenreSchema, () =>
    Array.from({ length: count }, (_, index) => storyGenre(index + 1)),
  );

export const storyTag = (id: number) =>
  fixture(ZTagSchema, {
    id,
    name: pick(['chill', 'workout', 'study', 'party', 'sleep'], id - 1) + (id > 5 ? ` ${id}` : ''),
    display_name: id === 1 ? 'Chill out' : null,
    type: id % 3 === 0 ? 'mood' : 'custom',
    created_at: STAMP,
    updated_at: STAMP,
  });

export const storyPlaylistRow = (id: number) =>
  fixture(ZAdminPlaylistRowSchema, {
    id,
    name: id === 3 ? LONG_TEXT : `Road trip ${id}`,
    image: null,
    public: id % 2 === 0,
    collaborative: id % 3 === 0,
    owner,
    tracks_count: id * 4,
    plays: id * 77,
    created_at: STAMP,
    updated_at: STAMP,
  });

export const storyLyricsRow = (id: number) =>
  fixture(ZAdminLyricsRowSchema, {
    id,
    track: { id, name: `Night Drive ${id}` },
    artists: [{ id: 101, name: 'The Midnight Hours' }],
    synced: id % 2 === 0,
    language: 'en',
    source: null,
    excerpt: 'Headlights on the empty road, radio hums a song I know',
    updated_at: STAMP,
  });

export const storyCommentRow = (id: number) =>
  fixture(ZAdminCommentRowSchema, {
    id,
    commentable_type: 'track',
    commentable: { id: 1, name: 'Night Drive 1' },
    parent_id: null,
    depth: 0,
    content: id === 3 ? `${LONG_TEXT} ${LONG_TEXT}` : `Love the bridge at 1:2${id}!`,
    deleted: id % 4 === 0,
    user: { id: 500 + id, name: `Listener ${id}`, image: null },
    replies_count: id % 3,
    created_at: STAMP,
  });

export const storyReport = (id: number) =>
  fixture(ZReportSchema, {
    id,
    reportable_type: pick(['track', 'album', 'playlist', 'comment', 'user'] as const, id),
    reportable_id: id * 10,
    item: id % 5 === 0 ? null : { name: `Reported thing ${id}`, url: `/track/${id * 10}`, hidden: false },
    reason: pick(['spam', 'offensive', 'copyright', 'wrong_info', 'other'] as const, id),
    details: id % 5 === 4 ? 'The cover art is not theirs.' : null,
    reporter: { id: 600 + id, name: `Listener ${id}`, image: null },
    status: id % 3 === 0 ? 'resolved' : 'open',
    resolution: id % 3 === 0 ? 'dismiss' : null,
    resolved_by: id % 3 === 0 ? owner : null,
    resolved_at: id % 3 === 0 ? STAMP : null,
    created_at: STAMP,
  });

export const range = (count: number) => Array.from({ length: count }, (_, index) => index + 1);
