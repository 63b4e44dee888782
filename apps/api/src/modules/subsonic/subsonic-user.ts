import { ZAdminUsersQuerySchema } from '@cadence/contracts/admin-users';
import { hasPermissionNamed } from '@cadence/permissions/can';
import { assertActorCanAny } from '../../platform/auth/actor';
import * as authRepository from '../../platform/auth/auth.repository';
import type { AuthUser } from '../../platform/auth/auth-user';
import * as adminUsersRepository from '../admin-users/admin-users.repository';
import { findProfileUser } from '../users/user-refs.repository';
import type { SubsonicContext, SubsonicMethod } from './subsonic-context';
import { findUserByLogin } from './subsonic-credentials.repository';
import { SubsonicError } from './subsonic-response';

/** `getUsers` lists one admin page's worth: Subsonic has no paging here, the admin pages do. */
const USERS_LISTED = 100;

/** A Cadence account as a Subsonic `User`: its roles are its permissions. */
function toUser(user: AuthUser, withEmail: boolean) {
  const subject = { user, guestRole: null };
  const can = (name: string) => hasPermissionNamed(subject, name);
  return {
    username: user.name || user.email,
    email: withEmail ? user.email : undefined,
    scrobblingEnabled: true,
    adminRole: can('admin.access'),
    settingsRole: true,
    downloadRole: can('music.download'),
    uploadRole: can('music.create'),
    playlistRole: can('playlists.create'),
    coverArtRole: false,
    commentRole: can('comments.create'),
    podcastRole: false,
    streamRole: can('music.play'),
    jukeboxRole: false,
    shareRole: false,
    videoConversionRole: false,
    folder: [1],
  };
}

const isSelf = (context: SubsonicContext, asked: string) =>
  [context.user.name, context.user.email].map((name) => name.toLowerCase()).includes(asked.toLowerCase());

export const userMethods: Record<string, SubsonicMethod> = {
  /** The caller only: other people's accounts are admin business (getUsers). */
  getUser: async (context) => {
    if (!isSelf(context, context.params.required('username'))) {
      throw new SubsonicError('not_authorized', 'Only your own account can be read');
    }
    return { user: toUser(context.user, true) };
  },

  /** Every account, for those who manage accounts on the web (`users.update`, the admin users page). */
  getUsers: async (context) => {
    await assertActorCanAny(context.actor, ['users.update']);
    const { db } = context.app.deps;
    const query = ZAdminUsersQuerySchema.parse({ perPage: USERS_LISTED, orderBy: 'name', orderDir: 'asc' });
    const page = await adminUsersRepository.page(db, query);
    const users = [];
    for (const row of page.pagination.data) {
      const account = await authRepository.findUserWithAccess(db, row.id);
      if (account) users.push(toUser(account, true));
    }
    return { users: { user: users } };
  },

  /**
   * A profile picture, by redirect to the image as the web shows it on profiles. Another user is
   * found by name only (never by email, which is not public); a banned one, or none, is 70.
   */
  getAvatar: async (context) => {
    const asked = context.params.required('username');
    const { db } = context.app.deps;
    let image: string | null = null;
    if (isSelf(context, asked)) {
      image = (await findProfileUser(db, context.user.id))?.image ?? null;
    } else {
      const account = await findUserByLogin(db, asked);
      const profile = account && account.name === asked ? await findProfileUser(db, account.id) : undefined;
      if (!profile || profile.banned_at) throw new SubsonicError('not_found', 'Not found');
      image = profile.image;
    }
    if (!image || !/^(https?:\/\/|\/)/.test(image)) throw new SubsonicError('not_found', 'Not found');
    context.reply.redirect(image, 302);
    return 'sent';
  },
};
