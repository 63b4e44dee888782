import type { TUserRef } from '@cadence/contracts/catalogue';
import type { TPlaylist, TPlaylistCreate } from '@cadence/contracts/playlist';
import type { FastifyRequest } from 'fastify';
import { type Kysely, type Selectable, sql } from 'kysely';
import type { Database } from '../../platform/db/schema';
import { AppError, validationError } from '../../platform/http/app-error';
import { loadCounts } from '../library/counts';
import { assertAny, canAny, restrictionOf } from '../tracks/access';
import { deleteLinks } from '../tracks/catalogue-links';
import { type CatalogueInclude, includeOf, listOrder, nameMatches } from '../tracks/catalogue-list';
import {
  type CatalogueListQuery,
  isoRequired,
  mapPage,
  orNotFound,
  type Page,
  paginate,
  slugify,
  withSlug,
} from '../tracks/catalogue-utils';
import { toTrackDtos } from '../tracks/track-dto';
import type { PlaylistsTable } from './playlists.tables';

type Db = Kysely<Database>;
type PlaylistRow = Selectable<PlaylistsTable>;
export type PlaylistListQuery = CatalogueListQuery;

const SORTABLE = ['name', 'plays', 'views', 'created_at', 'updated_at', 'id'] as const;
/** A playlist page shows at most this many tracks; longer playlists page through /tracks. */
const PLAYLIST_TRACKS_SHOWN = 500;

export async function userRefs(db: Db, ids: number[]): Promise<Map<number, TUserRef>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .selectFrom('users')
    .select(['id', 'name', 'email', 'image', 'first_name', 'last_name'])
    .where('id', 'in', [...new Set(ids)])
    .execute();
  return new Map(rows.map((row) => [row.id, toUserRef(row)]));
}

export function toUserRef(row: {
  id: number;
  name: string;
  email: string;
  image: string | null;
  first_name: string | null;
  last_name: string | null;
}): TUserRef {
  const full = [row.first_name, row.last_name].filter(Boolean).join(' ');
  return { id: row.id, name: row.name || full || row.email.split('@')[0] || 'user', image: row.image };
}

export function createPlaylistsService(db: Db) {
  async function toDtos(rows: PlaylistRow[], include: CatalogueInclude = {}): Promise<TPlaylist[]> {
    if (rows.length === 0) return [];
    const ids = rows.map((row) => row.id);
    const want = new Set(include.with ?? []);
    const single = rows.length === 1 ? (rows[0] as PlaylistRow).id : null;
    const [owners, editors, counts, trackRows] = await Promise.all([
      want.has('owner')
        ? userRefs(
            db,
            rows.map((row) => row.owner_id),
          )
        : null,
      want.has('editors')
        ? db
            .selectFrom('playlist_editor')
            .select(['playlist_id', 'user_id'])
            .where('playlist_id', 'in', ids)
            .execute()
        : null,
      include.loadCount?.length ? loadCounts(db, 'playlist', include.loadCount, ids) : null,
      want.has('tracks') && single
        ? db
            .selectFrom('playlist_track as pt')
            .innerJoin('tracks', 'tracks.id', 'pt.track_id')
            .selectAll('tracks')
            .select(['pt.position', 'pt.added_at'])
            .where('pt.playlist_id', '=', single)
            .where('tracks.visibility', '!=', 'private')
            .orderBy('pt.position')
            .limit(PLAYLIST_TRACKS_SHOWN)
            .execute()
        : null,
    ]);
    const editorRefs = editors
      ? await userRefs(
          db,
          editors.map((row) => row.user_id),
        )
      : null;
    const trackDtos = trackRows ? await toTrackDtos(db, trackRows) : null;
    return rows.map((row) => {
      const dto: TPlaylist = {
        id: row.id,
        name: row.name,
        slug: row.slug,
        description: row.description,
        image: row.image,
        public: row.public,
        collaborative: row.collaborative,
        owner_id: row.owner_id,
        plays: Number(row.plays),
        views: Number(row.views),
        created_at: isoRequired(row.created_at),
        updated_at: isoRequired(row.updated_at),
      };
      if (owners) dto.owner = owners.get(row.owner_id) ?? null;
      if (editors && editorRefs)
        dto.editors = editors
          .filter((editor) => editor.playlist_id === row.id)
          .map((editor) => editorRefs.get(editor.user_id))
          .filter((ref): ref is TUserRef => !!ref);
      if (counts) dto.counts = counts.get(row.id) ?? {};
      if (trackDtos && trackRows)
        dto.tracks = trackDtos.map((track, index) => ({
          ...track,
          position: (trackRows[index] as { position: number }).position,
          added_at: isoRequired((trackRows[index] as { added_at: Date }).added_at),
        }));
      return dto;
    });
  }

  async function findOr404(id: number): Promise<PlaylistRow> {
    const row = await db.selectFrom('playlists').selectAll().where('id', '=', id).executeTakeFirst();
    return orNotFound(row, 'Playlist not found.');
  }

  async function isEditor(userId: number, playlistId: number): Promise<boolean> {
    const row = await db
      .selectFrom('playlist_editor')
      .select('user_id')
      .where('playlist_id', '=', playlistId)
      .where('user_id', '=', userId)
      .executeTakeFirst();
    return !!row;
  }

  /** Private playlists exist only for their owner, collaborators and playlist editors (404 otherwise). */
  async function findVisible(request: FastifyRequest, id: number): Promise<PlaylistRow> {
    const playlist = await findOr404(id);
    const userId = request.user?.id;
    if (userId === playlist.owner_id) return playlist;
    if (playlist.public) {
      await assertAny(request, ['playlists.view', 'playlists.update']);
      return playlist;
    }
    if (userId && (await isEditor(userId, id))) return playlist;
    if (await canAny(request, ['playlists.update'])) return playlist;
    throw new AppError('not_found', 'Playlist not found.');
  }

  async function assertCanManage(
    request: FastifyRequest,
    playlist: PlaylistRow,
    action: 'update' | 'delete',
  ) {
    if (request.user?.id === playlist.owner_id) return;
    if (await canAny(request, [`playlists.${action}`])) return;
    throw new AppError(request.user ? 'forbidden' : 'unauthenticated');
  }

  /** Track edits: the owner, collaborators of a collaborative playlist, or playlists.update. */
  async function assertCanEditTracks(request: FastifyRequest, playlist: PlaylistRow) {
    const userId = request.user?.id;
    if (userId === playlist.owner_id) return;
    if (userId && playlist.collaborative && (await isEditor(userId, playlist.id))) return;
    if (await canAny(request, ['playlists.update'])) return;
    throw new AppError(request.user ? 'forbidden' : 'unauthenticated');
  }

  async function list(query: PlaylistListQuery): Promise<Page<TPlaylist>> {
    let base = db.selectFrom('playlists').where('playlists.public', '=', true);
    if (query.query) base = base.where(nameMatches('playlists.name', query.query));
    const { column, direction } = listOrder('playlists', SORTABLE, query);
    const page = await paginate(base, query, (q) =>
      q.selectAll('playlists').orderBy(column, direction).orderBy('playlists.id', direction),
    );
    return mapPage(page, (rows) => toDtos(rows, includeOf(query)));
  }

  /** The user's own and collaborative playlists, plus (for other viewers) only the public ones. */
  async function ofUser(userId: number, viewerId: number | null, options: { page: number; perPage: number }) {
    let base = db
      .selectFrom('playlists')
      .where((eb) =>
        eb.or([
          eb('playlists.owner_id', '=', userId),
          eb.exists(
            eb
              .selectFrom('playlist_editor')
              .select('playlist_editor.user_id')
              .whereRef('playlist_editor.playlist_id', '=', 'playlists.id')
              .where('playlist_editor.user_id', '=', userId),
          ),
        ]),
      );
    if (viewerId !== userId) base = base.where('playlists.public', '=', true);
    const page = await paginate(base, options, (q) =>
      q.selectAll('playlists').orderBy('playlists.updated_at', 'desc').orderBy('playlists.id', 'desc'),
    );
    return mapPage(page, (rows) => toDtos(rows, { with: ['owner'], loadCount: ['tracks'] }));
  }

  async function show(request: FastifyRequest, id: number, include: CatalogueInclude): Promise<TPlaylist> {
    const [dto] = await toDtos([await findVisible(request, id)], include);
    return dto as TPlaylist;
  }

  async function create(request: FastifyRequest, input: TPlaylistCreate): Promise<TPlaylist> {
    await assertAny(request, ['playlists.create']);
    const user = request.user;
    if (!user) throw new AppError('unauthenticated');
    const limit = await restrictionOf(request, 'playlists.create', 'count');
    if (limit !== null) {
      const owned = await db
        .selectFrom('playlists')
        .select(sql<number>`count(*)::int`.as('n'))
        .where('owner_id', '=', user.id)
        .executeTakeFirstOrThrow();
      if (owned.n >= limit) {
        throw new AppError(
          'forbidden',
          `You can create up to ${limit} playlists. Upgrade your plan to create more.`,
        );
      }
    }
    const row = await db
      .insertInto('playlists')
      .values({
        name: input.name,
        slug: slugify(input.name),
        description: input.description ?? null,
        image: input.image ?? null,
        public: input.public ?? true,
        collaborative: input.collaborative ?? false,
        owner_id: user.id,
      })
      .returningAll()
      .executeTakeFirstOrThrow();
    return (await toDtos([row], { with: ['owner'] }))[0] as TPlaylist;
  }

  async function update(
    request: FastifyRequest,
    id: number,
    input: Partial<TPlaylistCreate>,
  ): Promise<TPlaylist> {
    const playlist = await findOr404(id);
    await assertCanManage(request, playlist, 'update');
    const row = await db
      .updateTable('playlists')
      .set({ ...withSlug(input), updated_at: new Date() })
      .where('id', '=', id)
      .returningAll()
      .executeTakeFirstOrThrow();
    return (await toDtos([row], { with: ['owner', 'editors'] }))[0] as TPlaylist;
  }

  async function remove(request: FastifyRequest, id: number): Promise<void> {
    const playlist = await findOr404(id);
    await assertCanManage(request, playlist, 'delete');
    await db.transaction().execute(async (trx) => {
      await deleteLinks(trx, ['likes', 'channelables'], 'playlist', [id]);
      await trx.deleteFrom('playlists').where('id', '=', id).execute();
    });
  }

  async function addTracks(request: FastifyRequest, id: number, trackIds: number[]): Promise<TPlaylist> {
    // Invisible playlists are 404 even for track edits, so private ids cannot be probed.
    const playlist = await findVisible(request, id);
    await assertCanEditTracks(request, playlist);
    const unique = [...new Set(trackIds)];
    const visible = await db
      .selectFrom('tracks')
      .select(['id', 'visibility', 'owner_id'])
      .where('id', 'in', unique)
      .execute();
    const usable = new Set(
      visible.filter((t) => t.visibility !== 'private' || t.owner_id === request.user?.id).map((t) => t.id),
    );
    if (unique.some((trackId) => !usable.has(trackId)))
      throw validationError({ track_ids: 'Choose existing tracks.' });
    await db.transaction().execute(async (trx) => {
      // Serialises concurrent appends to the same playlist so positions stay unique and dense.
      await trx.selectFrom('playlists').select('id').where('id', '=', id).forUpdate().execute();
      const last = await trx
        .selectFrom('playlist_track')
        .select(sql<number>`coalesce(max(position), -1)::int`.as('max'))
        .where('playlist_id', '=', id)
        .executeTakeFirstOrThrow();
      const present = new Set(
        (
          await trx
            .selectFrom('playlist_track')
            .select('track_id')
            .where('playlist_id', '=', id)
            .where('track_id', 'in', unique)
            .execute()
        ).map((row) => row.track_id),
      );
      const fresh = unique.filter((trackId) => !present.has(trackId));
      if (fresh.length > 0) {
        await trx
          .insertInto('playlist_track')
          .values(
            fresh.map((track_id, index) => ({
              playlist_id: id,
              track_id,
              position: last.max + 1 + index,
              added_by: request.user?.id ?? null,
            })),
          )
          .execute();
      }
      await trx.updateTable('playlists').set({ updated_at: new Date() }).where('id', '=', id).execute();
    });
    return show(request, id, { with: ['tracks'], loadCount: ['tracks'] });
  }

  async function removeTracks(request: FastifyRequest, id: number, trackIds: number[]): Promise<TPlaylist> {
    // Invisible playlists are 404 even for track edits, so private ids cannot be probed.
    const playlist = await findVisible(request, id);
    await assertCanEditTracks(request, playlist);
    await db.transaction().execute(async (trx) => {
      await trx
        .deleteFrom('playlist_track')
        .where('playlist_id', '=', id)
        .where('track_id', 'in', trackIds)
        .execute();
      await trx.updateTable('playlists').set({ updated_at: new Date() }).where('id', '=', id).execute();
    });
    return show(request, id, { with: ['tracks'], loadCount: ['tracks'] });
  }

  /** The new order must name every track of the playlist exactly once. */
  async function reorder(request: FastifyRequest, id: number, trackIds: number[]): Promise<TPlaylist> {
    // Invisible playlists are 404 even for track edits, so private ids cannot be probed.
    const playlist = await findVisible(request, id);
    await assertCanEditTracks(request, playlist);
    await db.transaction().execute(async (trx) => {
      await trx.selectFrom('playlists').select('id').where('id', '=', id).forUpdate().execute();
      const current = await trx
        .selectFrom('playlist_track')
        .select('track_id')
        .where('playlist_id', '=', id)
        .execute();
      const currentIds = new Set(current.map((row) => row.track_id));
      if (currentIds.size !== trackIds.length || trackIds.some((trackId) => !currentIds.has(trackId))) {
        throw validationError({
          track_ids: 'The new order must list every track of the playlist exactly once.',
        });
      }
      // One statement: positions come from the array order, so a reorder is one round trip at any size.
      await sql`
        update playlist_track pt set position = o.ord - 1
          from unnest(${sql.val(trackIds)}::bigint[]) with ordinality as o(track_id, ord)
         where pt.playlist_id = ${id} and pt.track_id = o.track_id
      `.execute(trx);
      await trx.updateTable('playlists').set({ updated_at: new Date() }).where('id', '=', id).execute();
    });
    return show(request, id, { with: ['tracks'] });
  }

  async function addCollaborator(request: FastifyRequest, id: number, userId: number): Promise<TPlaylist> {
    const playlist = await findOr404(id);
    await assertCanManage(request, playlist, 'update');
    const user = await db.selectFrom('users').select('id').where('id', '=', userId).executeTakeFirst();
    if (!user) throw validationError({ user_id: 'Choose an existing user.' });
    if (userId === playlist.owner_id)
      throw validationError({ user_id: 'The owner already edits this playlist.' });
    await db
      .insertInto('playlist_editor')
      .values({ playlist_id: id, user_id: userId })
      .onConflict((oc) => oc.columns(['playlist_id', 'user_id']).doNothing())
      .execute();
    return show(request, id, { with: ['owner', 'editors'] });
  }

  async function removeCollaborator(request: FastifyRequest, id: number, userId: number): Promise<void> {
    const playlist = await findOr404(id);
    // Collaborators may leave on their own.
    if (request.user?.id !== userId) await assertCanManage(request, playlist, 'update');
    await db
      .deleteFrom('playlist_editor')
      .where('playlist_id', '=', id)
      .where('user_id', '=', userId)
      .execute();
  }

  return {
    list,
    ofUser,
    show,
    create,
    update,
    remove,
    addTracks,
    removeTracks,
    reorder,
    addCollaborator,
    removeCollaborator,
    toDtos,
  };
}
export type PlaylistsService = ReturnType<typeof createPlaylistsService>;
