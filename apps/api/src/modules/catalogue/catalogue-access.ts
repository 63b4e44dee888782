import { workspaceRoleCan } from '@cadence/contracts/workspace';
import type { FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import { canAny } from '../../platform/auth/access';
import type { Database } from '../../platform/db/schema';
import { AppError } from '../../platform/http/app-error';
import { type CreditedKind, creditedArtistIds } from '../artists/artist-credits';

type Db = Kysely<Database>;
type CreditedItem = { id: number; owner_id: number | null };

/** True when the user owns the album or track, or manages one of the artists credited on it. */
export async function managesCreditedItem(
  db: Db,
  userId: number,
  kind: CreditedKind,
  item: CreditedItem,
): Promise<boolean> {
  if (item.owner_id === userId) return true;
  const row = await db
    .selectFrom('user_artist')
    .select('artist_id')
    .where('user_id', '=', userId)
    .where('artist_id', 'in', creditedArtistIds(db, kind, item.id))
    .executeTakeFirst();
  return !!row;
}

/** The user's role in the workspace the album or track belongs to (members manage its music). */
async function workspaceRoleOn(db: Db, request: FastifyRequest, kind: CreditedKind, id: number) {
  if (!request.user) return null;
  const row = await db
    .selectFrom(kind === 'album' ? 'albums' : 'tracks')
    .select('workspace_id')
    .where('id', '=', id)
    .executeTakeFirst();
  if (!row?.workspace_id) return null;
  return request.server.services.workspaces.roleOf(row.workspace_id, request.user.id);
}

/** Owners and their artists' managers manage their own; `*.update`/`*.delete` cover other people's (spec 6). */
export async function assertCanManageCredited(
  db: Db,
  request: FastifyRequest,
  kind: CreditedKind,
  item: CreditedItem,
  action: 'update' | 'delete',
): Promise<void> {
  if (await canAny(request, [`music.${action}`, `${kind}s.${action}`])) return;
  if (!request.user) throw new AppError('unauthenticated');
  if (await managesCreditedItem(db, request.user.id, kind, item)) return;
  if (workspaceRoleCan(await workspaceRoleOn(db, request, kind, item.id), `music.${action}`)) return;
  throw new AppError('forbidden');
}
