import type { TProfile, ZProfileUpdateSchema } from '@cadence/contracts/profile';
import type { Kysely } from 'kysely';
import type { z } from 'zod';
import type { Database } from '../../platform/db/schema';
import { AppError } from '../../platform/http/app-error';
import { isoRequired } from '../catalogue/catalogue-utils';
import * as libraryRepository from '../library/library.repository';
import { countPublicPlaylistsOf } from '../playlists/playlists.repository';
import { countPublicTracksOf } from '../tracks/tracks.repository';
import { toPublicUser } from '../users/public-user';
import { findProfileUser } from '../users/user-refs.repository';
import { findProfile, saveProfile } from './profiles.repository';

type Db = Kysely<Database>;

export function createProfilesService(db: Db) {
  /** A banned user's profile is a 404, as for a missing one. */
  async function show(userId: number, viewerId: number | null): Promise<TProfile> {
    const user = await findProfileUser(db, userId);
    if (!user || user.banned_at) throw new AppError('not_found', 'User not found.');
    const [profile, followers, following, tracks, playlists, reposts, isFollowed] = await Promise.all([
      findProfile(db, userId),
      libraryRepository.countFollowers(db, 'user', userId),
      libraryRepository.countFollowing(db, userId),
      countPublicTracksOf(db, userId),
      countPublicPlaylistsOf(db, userId),
      libraryRepository.countRepostsBy(db, userId),
      viewerId ? libraryRepository.isFollowing(db, viewerId, 'user', userId) : false,
    ]);
    const ref = toPublicUser(user);
    return {
      user: { id: ref.id, name: ref.name, image: ref.image, created_at: isoRequired(user.created_at) },
      header_image: profile?.header_image ?? null,
      description: profile?.description ?? null,
      city: profile?.city ?? null,
      country: profile?.country ?? null,
      links: profile?.links ?? [],
      counts: { followers, following, tracks, playlists, reposts },
      is_followed: isFollowed,
    };
  }

  async function update(userId: number, input: z.infer<typeof ZProfileUpdateSchema>): Promise<TProfile> {
    await saveProfile(db, userId, input);
    return show(userId, userId);
  }

  return { show, update };
}
