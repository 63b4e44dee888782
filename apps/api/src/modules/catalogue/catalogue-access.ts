import { workspaceRoleCan } from '@cadence/contracts/workspace';
import type { Kysely } from 'kysely';
import { type Actor, actorCanAny } from '../../platform/auth/actor';
import type { Database } from '../../platform/db/schema';
import { AppError } from '../../platform/http/app-error';
import type { WorkspacesService } from '../workspaces/workspaces.service';
import { type CreditedKind, managesCreditedArtist } from './artist-credits.repository';
import { workspaceIdOf } from './catalogue-items.repository';

type Db = Kysely<Database>;
type CreditedItem = { id: number; owner_id: number | null };

/** What catalogue rules need to know about workspaces: who is in one, and with which role. */
export type WorkspaceDirectory = Pick<WorkspacesService, 'roleOf' | 'memberIds'>;

/** True when the user owns the album or track, or manages one of the artists credited on it. */
export async function managesCreditedItem(
  db: Db,
  userId: number,
  kind: CreditedKind,
  item: CreditedItem,
): Promise<boolean> {
  if (item.owner_id === userId) return true;
  return managesCreditedArtist(db, userId, kind, item.id);
}

/** The user's role in the workspace the album or track belongs to (members manage its music). */
async function workspaceRoleOn(
  db: Db,
  workspaces: WorkspaceDirectory,
  userId: number,
  kind: CreditedKind,
  id: number,
) {
  const workspaceId = await workspaceIdOf(db, kind, id);
  if (!workspaceId) return null;
  return workspaces.roleOf(workspaceId, userId);
}

/** Owners and their artists' managers manage their own; `*.update`/`*.delete` cover other people's (spec 6). */
export async function assertCanManageCredited(
  db: Db,
  workspaces: WorkspaceDirectory,
  actor: Actor,
  kind: CreditedKind,
  item: CreditedItem,
  action: 'update' | 'delete',
): Promise<void> {
  if (await actorCanAny(actor, [`music.${action}`, `${kind}s.${action}`])) return;
  if (!actor.user) throw new AppError('unauthenticated');
  if (await managesCreditedItem(db, actor.user.id, kind, item)) return;
  if (
    workspaceRoleCan(await workspaceRoleOn(db, workspaces, actor.user.id, kind, item.id), `music.${action}`)
  )
    return;
  throw new AppError('forbidden');
}
