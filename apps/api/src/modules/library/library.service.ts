import type { TAlbum } from '@cadence/contracts/album';
import type { TFollowUser, TRepostItem, ZFollowingItemSchema } from '@cadence/contracts/library';
import type { TTrack } from '@cadence/contracts/track';
import type { FastifyRequest } from 'fastify';
import { type Kysely, sql } from 'kysely';
import type { z } from 'zod';
import type { Database } from '../../platform/db/schema';
import { AppError, validationError } from '../../platform/http/app-error';
import { toAlbumDtos } from '../albums/albums.service';
import { createArtistsService } from '../artists/artists.service';
import { dateText, isoRequired, mapPage, type Page, paginate } from '../catalogue/catalogue-utils';
import { createPlaylistsService, toUserRef, userRefs } from '../playlists/playlists.service';
import { assertCanSeeTrack } from '../tracks/track-access';
import { toTrackDtos } from '../tracks/track-dto';
import type { TFollowableType, TLikeableType, TRepostableType } from './library.tables';

type Db = Kysely<Database>;
type TFollowingItem = z.infer<typeof ZFollowingItemSchema>;
type PageOptions = { page: number; perPage: number };

export function createLibraryService(db: Db) {
  const artists = createArtistsService(db);
  const playlists = createPlaylistsService(db);

  /** The target must exist and be visible to the user: liking a private track of someone else is a 404. */
  async function assertTarget(request: FastifyRequest, type: TLikeableType | TFollowableType, id: number) {
    const notFound = () => new AppError('not_found', 'Not found.');
    switch (type) {
      case 'track': {
        const track = await db.selectFrom('tracks').selectAll().where('id', '=', id).executeTakeFirst();
        if (!track) throw notFound();
        await assertCanSeeTrack(db, request, track);
        return;
      }
      case 'album':
      case 'artist':
      case 'user': {
        const table = type === 'album' ? 'albums' : type === 'artist' ? 'artists' : 'users';
        const row = await db.selectFrom(table).select('id').where('id', '=', id).executeTakeFirst();
        if (!row) throw notFound();
        return;
      }
      case 'playlist': {
        await playlists.show(request, id, {});
        return;
      }
    }
  }

  /** One statement whatever the number of ids: an existing like stays, a missing one is no error. */
  async function setLikes(userId: number, type: TLikeableType, ids: number[], isOn: boolean) {
    if (isOn) {
      await db
        .insertInto('likes')
        .values(ids.map((id) => ({ user_id: userId, likeable_type: type, likeable_id: id })))
        .onConflict((oc) => oc.columns(['user_id', 'likeable_type', 'likeable_id']).doNothing())
        .execute();
    } else {
      await db
        .deleteFrom('likes')
        .where('user_id', '=', userId)
        .where('likeable_type', '=', type)
        .where('likeable_id', 'in', ids)
        .execute();
    }
  }

  async function like(
    request: FastifyRequest,
    userId: number,
    type: TLikeableType,
    id: number,
    isOn: boolean,
  ) {
    if (isOn) await assertTarget(request, type, id);
    await setLikes(userId, type, [id], isOn);
    const { n } = await db
      .selectFrom('likes')
      .select(sql<number>`count(*)::int`.as('n'))
      .where('likeable_type', '=', type)
      .where('likeable_id', '=', id)
      .executeTakeFirstOrThrow();
    return { state: isOn, count: n };
  }

  /**
   * Likes or unlikes many tracks in one statement. Liking checks every track first: one missing
   * or hidden track is a 404 for the batch and nothing is written. Unliking needs no check.
   */
  async function likeTracks(request: FastifyRequest, userId: number, ids: number[], isOn: boolean) {
    const unique = [...new Set(ids)];
    if (isOn) {
      const tracks = await db.selectFrom('tracks').selectAll().where('id', 'in', unique).execute();
      if (tracks.length !== unique.length) throw new AppError('not_found', 'Not found.');
      for (const track of tracks) await assertCanSeeTrack(db, request, track);
    }
    await setLikes(userId, 'track', unique, isOn);
    return { state: isOn, likeable_ids: unique };
  }

  async function repost(
    request: FastifyRequest,
    userId: number,
    type: TRepostableType,
    id: number,
    isOn: boolean,
  ) {
    if (isOn) {
      await assertTarget(request, type, id);
      await db
        .insertInto('reposts')
        .values({ user_id: userId, repostable_type: type, repostable_id: id })
        .onConflict((oc) => oc.columns(['user_id', 'repostable_type', 'repostable_id']).doNothing())
        .execute();
    } else {
      await db
        .deleteFrom('reposts')
        .where('user_id', '=', userId)
        .where('repostable_type', '=', type)
        .where('repostable_id', '=', id)
        .execute();
    }
    const { n } = await db
      .selectFrom('reposts')
      .select(sql<number>`count(*)::int`.as('n'))
      .where('repostable_type', '=', type)
      .where('repostable_id', '=', id)
      .executeTakeFirstOrThrow();
    return { state: isOn, count: n };
  }

  async function follow(
    request: FastifyRequest,
    userId: number,
    type: TFollowableType,
    id: number,
    isOn: boolean,
  ) {
    if (isOn) {
      if (type === 'user' && id === userId)
        throw validationError({ followable_id: 'You cannot follow yourself.' });
      await assertTarget(request, type, id);
      await db
        .insertInto('follows')
        .values({ follower_id: userId, followable_type: type, followable_id: id })
        .onConflict((oc) => oc.columns(['follower_id', 'followable_type', 'followable_id']).doNothing())
        .execute();
    } else {
      await db
        .deleteFrom('follows')
        .where('follower_id', '=', userId)
        .where('followable_type', '=', type)
        .where('followable_id', '=', id)
        .execute();
    }
    const { n } = await db
      .selectFrom('follows')
      .select(sql<number>`count(*)::int`.as('n'))
      .where('followable_type', '=', type)
      .where('followable_id', '=', id)
      .executeTakeFirstOrThrow();
    return { state: isOn, count: n };
  }

  function likedBase(userId: number, type: TLikeableType) {
    return db.selectFrom('likes').where('likes.user_id', '=', userId).where('likes.likeable_type', '=', type);
  }

  async function likedTracks(
    request: FastifyRequest,
    userId: number,
    options: PageOptions,
  ): Promise<Page<TTrack>> {
    const viewer = request.user?.id ?? null;
    const base = likedBase(userId, 'track')
      .innerJoin('tracks', 'tracks.id', 'likes.likeable_id')
      .where((eb) => eb.or([eb('tracks.visibility', '!=', 'private'), eb('tracks.owner_id', '=', viewer)]));
    const page = await paginate(base, options, (q) =>
      q.selectAll('tracks').orderBy('likes.created_at', 'desc').orderBy('tracks.id', 'desc'),
    );
    return mapPage(page, (rows) => toTrackDtos(db, rows));
  }

  async function likedAlbums(userId: number, options: PageOptions): Promise<Page<TAlbum>> {
    const base = likedBase(userId, 'album').innerJoin('albums', 'albums.id', 'likes.likeable_id');
    const page = await paginate(base, options, (q) =>
      q
        .selectAll('albums')
        .select(dateText('albums.release_date').as('release_date'))
        .orderBy('likes.created_at', 'desc')
        .orderBy('albums.id', 'desc'),
    );
    return mapPage(page, (rows) => toAlbumDtos(db, rows as never));
  }

  async function likedArtists(userId: number, options: PageOptions) {
    const base = likedBase(userId, 'artist').innerJoin('artists', 'artists.id', 'likes.likeable_id');
    const page = await paginate(base, options, (q) =>
      q.selectAll('artists').orderBy('likes.created_at', 'desc').orderBy('artists.id', 'desc'),
    );
    return mapPage(page, (rows) => artists.toDtos(rows));
  }

  async function followers(
    type: TFollowableType,
    id: number,
    options: PageOptions,
  ): Promise<Page<TFollowUser>> {
    const base = db
      .selectFrom('follows')
      .innerJoin('users', 'users.id', 'follows.follower_id')
      .where('follows.followable_type', '=', type)
      .where('follows.followable_id', '=', id);
    const page = await paginate(base, options, (q) =>
      q
        .select([
          'users.id',
          'users.name',
          'users.email',
          'users.image',
          'users.first_name',
          'users.last_name',
        ])
        .select('follows.created_at as followed_at')
        .orderBy('follows.created_at', 'desc')
        .orderBy('users.id', 'desc'),
    );
    return mapPage(page, (rows) =>
      rows.map((row) => ({ ...toUserRef(row), followed_at: isoRequired(row.followed_at) })),
    );
  }

  async function following(userId: number, options: PageOptions) {
    const base = db.selectFrom('follows').where('follows.follower_id', '=', userId);
    const page = await paginate(base, options, (q) =>
      q
        .select(['follows.followable_type', 'follows.followable_id', 'follows.created_at'])
        .orderBy('follows.created_at', 'desc')
        .orderBy('follows.followable_id', 'desc'),
    );
    return mapPage(page, async (rows) => {
      const userIds = rows.filter((row) => row.followable_type === 'user').map((row) => row.followable_id);
      const artistIds = rows
        .filter((row) => row.followable_type === 'artist')
        .map((row) => row.followable_id);
      const [users, artistRows] = await Promise.all([
        userRefs(db, userIds),
        artistIds.length
          ? db
              .selectFrom('artists')
              .select(['id', 'name', 'image_small'])
              .where('id', 'in', artistIds)
              .execute()
          : Promise.resolve([]),
      ]);
      const artistById = new Map(artistRows.map((row) => [row.id, row]));
      return rows.flatMap((row): TFollowingItem[] => {
        const followed_at = isoRequired(row.created_at);
        if (row.followable_type === 'user') {
          const user = users.get(row.followable_id);
          return user ? [{ type: 'user', id: user.id, name: user.name, image: user.image, followed_at }] : [];
        }
        const artist = artistById.get(row.followable_id);
        return artist
          ? [{ type: 'artist', id: artist.id, name: artist.name, image: artist.image_small, followed_at }]
          : [];
      });
    });
  }

  async function reposts(
    userId: number,
    viewerId: number | null,
    options: PageOptions,
  ): Promise<Page<TRepostItem>> {
    const base = db.selectFrom('reposts').where('reposts.user_id', '=', userId);
    const page = await paginate(base, options, (q) =>
      q
        .select(['reposts.repostable_type', 'reposts.repostable_id', 'reposts.created_at'])
        .orderBy('reposts.created_at', 'desc')
        .orderBy('reposts.repostable_id', 'desc'),
    );
    return mapPage(page, async (rows) => {
      const trackIds = rows.filter((row) => row.repostable_type === 'track').map((row) => row.repostable_id);
      const albumIds = rows.filter((row) => row.repostable_type === 'album').map((row) => row.repostable_id);
      const [trackRows, albumRows] = await Promise.all([
        trackIds.length
          ? db
              .selectFrom('tracks')
              .selectAll()
              .where('id', 'in', trackIds)
              .where((eb) => eb.or([eb('visibility', '!=', 'private'), eb('owner_id', '=', viewerId)]))
              .execute()
          : Promise.resolve([]),
        albumIds.length
          ? db
              .selectFrom('albums')
              .selectAll()
              .select(dateText('albums.release_date').as('release_date'))
              .where('id', 'in', albumIds)
              .execute()
          : Promise.resolve([]),
      ]);
      const [tracks, albums] = await Promise.all([
        toTrackDtos(db, trackRows),
        toAlbumDtos(db, albumRows as never),
      ]);
      const trackById = new Map(tracks.map((track) => [track.id, track]));
      const albumById = new Map(albums.map((album) => [album.id, album]));
      return rows.flatMap((row): TRepostItem[] => {
        const reposted_at = isoRequired(row.created_at);
        if (row.repostable_type === 'track') {
          const track = trackById.get(row.repostable_id);
          return track ? [{ repostable_type: 'track', reposted_at, track }] : [];
        }
        const album = albumById.get(row.repostable_id);
        return album ? [{ repostable_type: 'album', reposted_at, album }] : [];
      });
    });
  }

  return {
    like,
    likeTracks,
    repost,
    follow,
    likedTracks,
    likedAlbums,
    likedArtists,
    followers,
    following,
    reposts,
    playlists,
  };
}
