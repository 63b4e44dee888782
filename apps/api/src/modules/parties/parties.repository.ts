import { type Insertable, type Kysely, sql, type Transaction, type Updateable } from 'kysely';
import type { Database } from '../../platform/db/schema';
import type { PartiesTable, TPartyMemberStatus } from './parties.tables';

type Db = Kysely<Database> | Transaction<Database>;

export function findPartyByCode(db: Db, code: string) {
  return db.selectFrom('parties').selectAll().where('code', '=', code).executeTakeFirst();
}

/** The row locked for a control: two hosts' clicks apply one after the other, never over each other. */
export function lockPartyByCode(trx: Transaction<Database>, code: string) {
  return trx.selectFrom('parties').selectAll().where('code', '=', code).forUpdate().executeTakeFirst();
}

/** Inserts the party unless its code is taken (then undefined: the caller draws another). */
export function insertParty(db: Db, values: Insertable<PartiesTable>) {
  return db
    .insertInto('parties')
    .values(values)
    .onConflict((oc) => oc.column('code').doNothing())
    .returningAll()
    .executeTakeFirst();
}

/** Writes a new state and bumps the revision in the same statement. */
export function updateParty(db: Db, id: number, values: Updateable<PartiesTable>) {
  return db
    .updateTable('parties')
    .set({ ...values, revision: sql`revision + 1`, updated_at: new Date() })
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirstOrThrow();
}

export async function setMemberStatus(db: Db, partyId: number, userId: number, status: TPartyMemberStatus) {
  await db
    .insertInto('party_members')
    .values({ party_id: partyId, user_id: userId, status })
    .onConflict((oc) => oc.columns(['party_id', 'user_id']).doUpdateSet({ status, updated_at: new Date() }))
    .execute();
}

export async function inviteMembers(db: Db, partyId: number, userIds: number[]) {
  if (userIds.length === 0) return;
  await db
    .insertInto('party_members')
    .values(userIds.map((user_id) => ({ party_id: partyId, user_id, status: 'invited' as const })))
    .onConflict((oc) => oc.columns(['party_id', 'user_id']).doNothing())
    .execute();
}

export async function memberStatus(db: Db, partyId: number, userId: number) {
  const row = await db
    .selectFrom('party_members')
    .select('status')
    .where('party_id', '=', partyId)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return row?.status ?? null;
}

export async function joinedMemberIds(db: Db, partyId: number): Promise<number[]> {
  const rows = await db
    .selectFrom('party_members')
    .select('user_id')
    .where('party_id', '=', partyId)
    .where('status', '=', 'joined')
    .orderBy('updated_at')
    .execute();
  return rows.map((row) => row.user_id);
}

export function insertMessage(
  db: Db,
  values: {
    party_id: number;
    user_id: number;
    content: string;
    track_position: number | null;
    position_ms: number | null;
  },
) {
  return db.insertInto('party_messages').values(values).returningAll().executeTakeFirstOrThrow();
}

/** The newest lines, oldest first. */
export async function recentMessages(db: Db, partyId: number, limit: number) {
  const rows = await db
    .selectFrom('party_messages')
    .selectAll()
    .where('party_id', '=', partyId)
    .where('deleted', '=', false)
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
  return rows.reverse();
}

export function findMessage(db: Db, partyId: number, id: number) {
  return db
    .selectFrom('party_messages')
    .selectAll()
    .where('party_id', '=', partyId)
    .where('id', '=', id)
    .where('deleted', '=', false)
    .executeTakeFirst();
}

export function findMessageById(db: Db, id: number) {
  return db
    .selectFrom('party_messages')
    .selectAll()
    .where('id', '=', id)
    .where('deleted', '=', false)
    .executeTakeFirst();
}

export async function markMessageDeleted(db: Db, id: number) {
  await db.updateTable('party_messages').set({ deleted: true }).where('id', '=', id).execute();
}

/** One report per reporter and line; the count is what the moderators sort by. */
export async function reportMessage(trx: Transaction<Database>, messageId: number, reporterId: number) {
  const inserted = await trx
    .insertInto('party_message_reports')
    .values({ message_id: messageId, reporter_id: reporterId })
    .onConflict((oc) => oc.columns(['message_id', 'reporter_id']).doNothing())
    .returning('message_id')
    .executeTakeFirst();
  if (!inserted) return;
  await trx
    .updateTable('party_messages')
    .set({ report_count: sql`report_count + 1` })
    .where('id', '=', messageId)
    .execute();
}

/** Reported, not yet deleted lines, most reported first (the moderators' list). */
export function reportedMessages(db: Db, limit: number) {
  return db
    .selectFrom('party_messages')
    .selectAll()
    .where('report_count', '>', 0)
    .where('deleted', '=', false)
    .orderBy('report_count', 'desc')
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
}

/** Toggles one member's emoji on a line: removes it when there, adds it otherwise. */
export async function toggleReaction(
  trx: Transaction<Database>,
  values: { message_id: number; user_id: number; emoji: string },
): Promise<'added' | 'removed'> {
  const removed = await trx
    .deleteFrom('party_message_reactions')
    .where('message_id', '=', values.message_id)
    .where('user_id', '=', values.user_id)
    .where('emoji', '=', values.emoji)
    .returning('emoji')
    .executeTakeFirst();
  if (removed) return 'removed';
  await trx
    .insertInto('party_message_reactions')
    .values(values)
    .onConflict((oc) => oc.columns(['message_id', 'user_id', 'emoji']).doNothing())
    .execute();
  return 'added';
}

/** Every reaction on these lines, oldest first (the order the names are read in). */
export function reactionsOf(db: Db, messageIds: number[]) {
  if (messageIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('party_message_reactions')
    .select(['message_id', 'user_id', 'emoji'])
    .where('message_id', 'in', messageIds)
    .orderBy('created_at')
    .orderBy('user_id')
    .execute();
}

/** The moderators dismiss the reports: the line stays, off their list until reported again. */
export async function dismissMessageReports(trx: Transaction<Database>, messageId: number) {
  await trx.deleteFrom('party_message_reports').where('message_id', '=', messageId).execute();
  await trx.updateTable('party_messages').set({ report_count: 0 }).where('id', '=', messageId).execute();
}

export function partyCodesOf(db: Db, partyIds: number[]) {
  if (partyIds.length === 0) return Promise.resolve([]);
  return db.selectFrom('parties').select(['id', 'code']).where('id', 'in', partyIds).execute();
}
