import type { Kysely } from 'kysely';
import type { Database } from '../../platform/db/schema';
import type { CreditedKind } from './artist-credits.repository';

/** The workspace an album or track was created in, if any. */
export async function workspaceIdOf(
  db: Kysely<Database>,
  kind: CreditedKind,
  id: number,
): Promise<number | null> {
  const row = await db
    .selectFrom(kind === 'album' ? 'albums' : 'tracks')
    .select('workspace_id')
    .where('id', '=', id)
    .executeTakeFirst();
  return row?.workspace_id ?? null;
}

/** Where backstage lists music: a workspace's, or (outside one) the user's own. */
export type MusicScope = { workspaceId: number } | { ownerId: number };

export async function albumExists(db: Kysely<Database>, id: number): Promise<boolean> {
  return !!(await db.selectFrom('albums').select('id').where('id', '=', id).executeTakeFirst());
}
