import { publicUserName, type TPublicUser } from '@cadence/contracts/user';
import type { Kysely } from 'kysely';
import type { Database } from '../../platform/db/schema';
import { userRefRows } from './user-refs.repository';

/** The columns the public projection is built from: no address, no account state. */
export type PublicUserRow = {
  id: number;
  name: string;
  image: string | null;
  first_name: string | null;
  last_name: string | null;
};

/** The one public projection of a user (issue 31): what others see of them. */
export function toPublicUser(row: PublicUserRow): TPublicUser {
  return { id: row.id, name: publicUserName(row), image: row.image };
}

export async function publicUsers(db: Kysely<Database>, ids: number[]): Promise<Map<number, TPublicUser>> {
  if (ids.length === 0) return new Map();
  const rows = await userRefRows(db, ids);
  return new Map(rows.map((row) => [row.id, toPublicUser(row)]));
}
