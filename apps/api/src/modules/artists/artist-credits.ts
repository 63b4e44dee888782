import type { Kysely } from 'kysely';
import { type Actor, actorCanAny, actorRestriction } from '../../platform/auth/actor';
import type { Database } from '../../platform/db/schema';
import { AppError, validationError } from '../../platform/http/app-error';
import { managedArtistIds, workspaceArtistIds } from '../catalogue/artist-refs.repository';
import type { WorkspaceDirectory } from '../catalogue/catalogue-access';
import { existingArtistIds } from './artists.repository';

/**
 * Artists credited on a new or edited album/track must exist, and (unless the user may pick any
 * artist: catalogue editors, or music.create's `artist_selection` restriction) be managed by them.
 */
export async function assertCanCreditArtists(
  db: Kysely<Database>,
  workspaces: WorkspaceDirectory,
  actor: Actor,
  artistIds: number[],
): Promise<void> {
  const unique = [...new Set(artistIds)];
  const found = await existingArtistIds(db, unique);
  if (found.length !== unique.length) throw validationError({ artist_ids: 'Choose existing artists.' });
  if (await actorCanAny(actor, ['music.update', 'artists.update', 'albums.update', 'tracks.update'])) return;
  if ((await actorRestriction(actor, 'music.create', 'artist_selection')) === 1) return;
  if (!actor.user) throw new AppError('unauthenticated');
  // Inside a workspace its members publish under any artist a member manages (a label's roster).
  const managers = actor.workspaceId ? await workspaces.memberIds(actor.workspaceId) : [actor.user.id];
  const managed = await managedArtistIds(db, managers);
  if (actor.workspaceId) for (const id of await workspaceArtistIds(db, actor.workspaceId)) managed.add(id);
  if (unique.every((id) => managed.has(id))) return;
  throw new AppError('forbidden', 'You can only publish under artists you manage.');
}
