import type { TAdminCommentRow, TAdminLyricsRow, TAdminPlaylistRow } from '@cadence/contracts/admin-content';
import type { TPagination } from '@cadence/contracts/pagination';
import { type Kysely, sql } from 'kysely';
import type { Database } from '../../platform/db/schema';
import { artistRefsForTracks } from '../catalogue/artist-refs';
import { likePattern, paginate } from '../catalogue/catalogue-query.repository';
import { isoRequired } from '../catalogue/catalogue-utils';
import { publicUsers } from '../users/public-user';

type Db = Kysely<Database>;
type PageQuery = { page: number; perPage: number };

const contains = (column: string, query: string) =>
  sql<boolean>`lower(${sql.ref(column)}) like lower(${likePattern(query)})`;

export async function listPlaylists(
  db: Db,
  q: PageQuery & { query?: string; owner_id?: number; privacy?: 'public' | 'private' },
): Promise<TPagination<TAdminPlaylistRow>> {
  let base = db.selectFrom('playlists');
  if (q.query) base = base.where(contains('playlists.name', q.query));
  if (q.owner_id) base = base.where('owner_id', '=', q.owner_id);
  if (q.privacy) base = base.where('public', '=', q.privacy === 'public');
  const page = await paginate(base, q, (query) =>
    query
      .selectAll('playlists')
      .select(
        sql<number>`(select count(*)::int from playlist_track pt where pt.playlist_id = playlists.id)`.as(
          'tracks_count',
        ),
      )
      .orderBy('playlists.created_at', 'desc')
      .orderBy('playlists.id', 'desc'),
  );
  const users = await publicUsers(
    db,
    page.pagination.data.map((row) => row.owner_id),
  );
  return {
    pagination: {
      ...page.pagination,
      data: page.pagination.data.map((row) => ({
        id: Number(row.id),
        name: row.name,
        image: row.image,
        public: row.public,
        collaborative: row.collaborative,
        owner: users.get(row.owner_id) ?? null,
        tracks_count: Number(row.tracks_count),
        plays: Number(row.plays),
        created_at: isoRequired(row.created_at),
        updated_at: isoRequired(row.updated_at),
      })),
    },
  };
}

export async function listLyrics(
  db: Db,
  q: PageQuery & { query?: string; synced?: boolean },
): Promise<TPagination<TAdminLyricsRow>> {
  let base = db.selectFrom('lyrics').innerJoin('tracks', 'tracks.id', 'lyrics.track_id');
  if (q.query) base = base.where(contains('tracks.name', q.query));
  if (q.synced !== undefined) base = base.where('lyrics.synced', '=', q.synced);
  const page = await paginate(base, q, (query) =>
    query
      .select([
        'lyrics.id',
        'lyrics.track_id',
        'tracks.name as track_name',
        'lyrics.synced',
        'lyrics.language',
        'lyrics.source',
        sql<string>`left(lyrics.text, 160)`.as('excerpt'),
        'lyrics.updated_at',
      ])
      .orderBy('lyrics.updated_at', 'desc')
      .orderBy('lyrics.id', 'desc'),
  );
  const artists = await artistRefsForTracks(
    db,
    page.pagination.data.map((row) => Number(row.track_id)),
  );
  return {
    pagination: {
      ...page.pagination,
      data: page.pagination.data.map((row) => ({
        id: Number(row.id),
        track: { id: Number(row.track_id), name: row.track_name },
        artists: (artists.get(row.track_id) ?? []).map((a) => ({ id: Number(a.id), name: a.name })),
        synced: row.synced,
        language: row.language,
        source: row.source,
        excerpt: row.excerpt,
        updated_at: isoRequired(row.updated_at),
      })),
    },
  };
}

/** Newest first, deleted ones included (marked) so the admin can restore them. */
export async function listComments(
  db: Db,
  q: PageQuery & { track_id?: number; user_id?: number; query?: string; deleted?: boolean },
): Promise<TPagination<TAdminCommentRow>> {
  let base = db.selectFrom('comments');
  if (q.track_id)
    base = base.where('commentable_type', '=', 'track').where('commentable_id', '=', q.track_id);
  if (q.user_id) base = base.where('user_id', '=', q.user_id);
  if (q.query) base = base.where(contains('comments.content', q.query));
  if (q.deleted !== undefined) base = base.where('deleted', '=', q.deleted);
  const page = await paginate(base, q, (query) =>
    query
      .selectAll('comments')
      .select(
        sql<number>`(select count(*)::int from comments r where r.parent_id = comments.id)`.as(
          'replies_count',
        ),
      )
      .orderBy('comments.created_at', 'desc')
      .orderBy('comments.id', 'desc'),
  );
  const rows = page.pagination.data;
  const ids = (type: 'track' | 'album') =>
    rows.filter((row) => row.commentable_type === type).map((row) => Number(row.commentable_id));
  const [tracks, albums, users] = await Promise.all([
    ids('track').length
      ? db.selectFrom('tracks').select(['id', 'name']).where('id', 'in', ids('track')).execute()
      : [],
    ids('album').length
      ? db.selectFrom('albums').select(['id', 'name']).where('id', 'in', ids('album')).execute()
      : [],
    publicUsers(
      db,
      rows.flatMap((row) => (row.user_id === null ? [] : [row.user_id])),
    ),
  ]);
  const names = new Map([
    ...tracks.map((t) => [`track:${t.id}`, t.name] as const),
    ...albums.map((a) => [`album:${a.id}`, a.name] as const),
  ]);
  return {
    pagination: {
      ...page.pagination,
      data: rows.map((row) => {
        const name = names.get(`${row.commentable_type}:${row.commentable_id}`);
        return {
          id: Number(row.id),
          commentable_type: row.commentable_type,
          commentable: name === undefined ? null : { id: Number(row.commentable_id), name },
          parent_id: row.parent_id === null ? null : Number(row.parent_id),
          depth: row.depth,
          content: row.content,
          deleted: row.deleted,
          user: row.user_id === null ? null : (users.get(row.user_id) ?? null),
          replies_count: Number(row.replies_count),
          created_at: isoRequired(row.created_at),
        };
      }),
    },
  };
}

/** Brings a deleted comment back where its thread left it; false when no deleted comment has this id. */
export async function restoreComment(db: Kysely<Database>, id: number): Promise<boolean> {
  const restored = await db
    .updateTable('comments')
    .set({ deleted: false, updated_at: new Date() })
    .where('id', '=', id)
    .where('deleted', '=', true)
    .executeTakeFirst();
  return Number(restored.numUpdatedRows) > 0;
}
