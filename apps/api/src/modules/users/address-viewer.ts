import { type Actor, actorCanAny, actorUser } from '../../platform/auth/actor';
import type { AuthUser } from '../../platform/auth/auth-user';
import { can } from '../../platform/auth/can';

/**
 * Who may read a user's address (issue 31): the user themselves and holders of `users.update`.
 * Staff lists that name a person (requests, files, workspaces) show it only then.
 */
export type AddressViewer = { id: number | null; canSeeAll: boolean };

export function addressViewer(user: AuthUser | null): AddressViewer {
  return { id: user?.id ?? null, canSeeAll: !!user && can(user, null, 'users.update') };
}

export async function addressViewerOf(actor: Actor): Promise<AddressViewer> {
  return { id: actorUser(actor).id, canSeeAll: await actorCanAny(actor, ['users.update']) };
}

export function canSeeAddressOf(viewer: AddressViewer, userId: number): boolean {
  return viewer.canSeeAll || viewer.id === userId;
}
