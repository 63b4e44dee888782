import type { TAlbum } from '@cadence/contracts/album';
import type { TFollowUser, TRepostItem, ZFollowingItemSchema } from '@cadence/contracts/library';
import type { TTrack } from '@cadence/contracts/track';
import type { Kysely } from 'kysely';
import type { z } from 'zod';
import type { Database } from '../../platform/db/schema';
import { validationError } from '../../platform/http/app-error';
import { findAlbums } from '../albums/albums.repository';
import { toAlbumDtos } from '../albums/albums.service';
import { artistNameRows } from '../artists/artists.repository';
import { createArtistsService } from '../artists/artists.service';
import type { Page } from '../catalogue/catalogue-query.repository';
import { isoRequired, mapPage } from '../catalogue/catalogue-utils';
import { toTrackDtos } from '../catalogue/track-dto';
import { createPlaylistsService } from '../playlists/playlists.service';
import { tracksListableBy } from '../tracks/tracks.repository';
import { publicUsers, toPublicUser } from '../users/public-user';
import * as libraryRepository from './library.repository';
import type { TFollowableType, TLikeableType, TRepostableType } from './library.tables';

type Db = Kysely<Database>;
type TFollowingItem = z.infer<typeof ZFollowingItemSchema>;
type PageOptions = { page: number; perPage: number };

/**
 * Likes, reposts and follows of the signed-in user, and the lists they make. Marking something
 * assumes the route checked the target exists and is visible (`library-targets.ts`).
 */
export function createLibraryService(db: Db) {
  const artists = createArtistsService(db);
  const playlists = createPlaylistsService(db);

  async function like(userId: number, type: TLikeableType, id: number, isOn: boolean) {
    if (isOn) await libraryRepository.addLikes(db, userId, type, [id]);
    else await libraryRepository.removeLikes(db, userId, type, [id]);
    return { state: isOn, count: await libraryRepository.countLikes(db, type, id) };
  }

  /** Likes or unlikes many tracks in one statement. */
  async function likeTracks(userId: number, ids: number[], isOn: boolean) {
    const unique = [...new Set(ids)];
    if (isOn) await libraryRepository.addLikes(db, userId, 'track', unique);
    else await libraryRepository.removeLikes(db, userId, 'track', unique);
    return { state: isOn, likeable_ids: unique };
  }

  async function repost(userId: number, type: TRepostableType, id: number, isOn: boolean) {
    if (isOn) await libraryRepository.addRepost(db, userId, type, id);
    else await libraryRepository.removeRepost(db, userId, type, id);
    return { state: isOn, count: await libraryRepository.countReposts(db, type, id) };
  }

  async function follow(userId: number, type: TFollowableType, id: number, isOn: boolean) {
    if (isOn && type === 'user' && id === userId)
      throw validationError({ followable_id: 'You cannot follow yourself.' });
    if (isOn) await libraryRepository.addFollow(db, userId, type, id);
    else await libraryRepository.removeFollow(db, userId, type, id);
    return { state: isOn, count: await libraryRepository.countFollowers(db, type, id) };
  }

  async function likedTracks(
    userId: number,
    viewerId: number | null,
    options: PageOptions,
  ): Promise<Page<TTrack>> {
    const page = await libraryRepository.likedTracksPage(db, userId, viewerId, options);
    return mapPage(page, (rows) => toTrackDtos(db, rows));
  }

  async function likedAlbums(userId: number, options: PageOptions): Promise<Page<TAlbum>> {
    const page = await libraryRepository.likedAlbumsPage(db, userId, options);
    return mapPage(page, (rows) => toAlbumDtos(db, rows as never));
  }

  async function likedArtists(userId: number, options: PageOptions) {
    const page = await libraryRepository.likedArtistsPage(db, userId, options);
    return mapPage(page, (rows) => artists.toDtos(rows));
  }

  async function followers(
    type: TFollowableType,
    id: number,
    options: PageOptions,
  ): Promise<Page<TFollowUser>> {
    const page = await libraryRepository.followersPage(db, type, id, options);
    return mapPage(page, (rows) =>
      rows.map((row) => ({ ...toPublicUser(row), followed_at: isoRequired(row.followed_at) })),
    );
  }

  async function following(userId: number, options: PageOptions) {
    const page = await libraryRepository.followingPage(db, userId, options);
    return mapPage(page, async (rows) => {
      const idsOf = (type: TFollowableType) =>
        rows.filter((row) => row.followable_type === type).map((row) => row.followable_id);
      const artistIds = idsOf('artist');
      const [users, artistRows] = await Promise.all([
        publicUsers(db, idsOf('user')),
        artistIds.length ? artistNameRows(db, artistIds) : Promise.resolve([]),
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
    const page = await libraryRepository.repostsPage(db, userId, options);
    return mapPage(page, async (rows) => {
      const idsOf = (type: TRepostableType) =>
        rows.filter((row) => row.repostable_type === type).map((row) => row.repostable_id);
      const trackIds = idsOf('track');
      const albumIds = idsOf('album');
      const [trackRows, albumRows] = await Promise.all([
        trackIds.length ? tracksListableBy(db, trackIds, viewerId) : Promise.resolve([]),
        albumIds.length ? findAlbums(db, albumIds) : Promise.resolve([]),
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
