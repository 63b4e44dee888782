import {
  PARTY_REACTIONS,
  type TParty,
  type TPartyMessage,
  type TPartyReaction,
} from '@cadence/contracts/party';
import { partyPlaceAt } from '@cadence/contracts/party-timeline';
import type { Kysely, Selectable } from 'kysely';
import type { Actor } from '../../platform/auth/actor';
import type { Database } from '../../platform/db/schema';
import { isoRequired } from '../catalogue/catalogue-utils';
import { assertTrackVisibleTo } from '../catalogue/track-access';
import { toTrackDtos } from '../catalogue/track-dto';
import { findTracks } from '../tracks/tracks.repository';
import { publicUsers } from '../users/public-user';
import { joinedMemberIds, reactionsOf, recentMessages } from './parties.repository';
import type { PartiesTable, PartyMessagesTable } from './parties.tables';

type Db = Kysely<Database>;
export type PartyRow = Selectable<PartiesTable>;
export const MESSAGES_SHOWN = 50;

export const timelineOf = (row: PartyRow) => ({
  index: row.current_index,
  started_at: row.started_at_ms === null ? null : Number(row.started_at_ms),
  position_ms: row.position_ms,
  is_playing: row.is_playing,
});

/** Every queued track's duration (hidden ones too: the timeline runs through them for everyone). */
export async function durationsOf(db: Db, trackIds: number[]): Promise<(number | null)[]> {
  if (trackIds.length === 0) return [];
  const rows = await findTracks(db, [...new Set(trackIds)]);
  const byId = new Map(rows.map((row) => [row.id, row.duration]));
  return trackIds.map((id) => byId.get(id) ?? null);
}

/** Entries as this viewer sees them: a track they may not play is null, never named. */
async function entriesFor(db: Db, actor: Actor, trackIds: number[]) {
  if (trackIds.length === 0) return [];
  const rows = await findTracks(db, [...new Set(trackIds)]);
  const playable = [];
  for (const row of rows) {
    try {
      await assertTrackVisibleTo(db, actor, row);
      playable.push(row);
    } catch {
      // Not this viewer's to hear: the entry stays, anonymous, and their player skips it.
    }
  }
  const dtos = new Map((await toTrackDtos(db, playable)).map((dto) => [dto.id, dto]));
  const durations = new Map(rows.map((row) => [row.id, row.duration]));
  return trackIds.map((id, position) => ({
    position,
    duration: durations.get(id) ?? null,
    track: dtos.get(id) ?? null,
  }));
}

/** Each line's reactions in PARTY_REACTIONS order, with who reacted (oldest first). */
async function reactionsByMessage(db: Db, messageIds: number[]): Promise<Map<number, TPartyReaction[]>> {
  const rows = await reactionsOf(db, messageIds);
  const users = await publicUsers(db, [...new Set(rows.map((row) => row.user_id))]);
  const byMessage = new Map<number, TPartyReaction[]>();
  for (const id of messageIds) {
    const mine = rows.filter((row) => row.message_id === id);
    byMessage.set(
      id,
      PARTY_REACTIONS.flatMap((emoji) => {
        const who = mine.filter((row) => row.emoji === emoji).flatMap((row) => users.get(row.user_id) ?? []);
        return who.length === 0 ? [] : [{ emoji, count: who.length, users: who }];
      }),
    );
  }
  return byMessage;
}

export async function toMessageDtos(
  db: Db,
  rows: Selectable<PartyMessagesTable>[],
): Promise<TPartyMessage[]> {
  const [users, reactions] = await Promise.all([
    publicUsers(
      db,
      rows.map((row) => row.user_id).filter((id): id is number => id !== null),
    ),
    reactionsByMessage(
      db,
      rows.map((row) => row.id),
    ),
  ]);
  return rows.map((row) => ({
    id: row.id,
    content: row.content,
    position_ms: row.position_ms,
    track_position: row.track_position,
    user: row.user_id === null ? null : (users.get(row.user_id) ?? null),
    reactions: reactions.get(row.id) ?? [],
    created_at: isoRequired(row.created_at),
  }));
}

/** One line's reactions, as broadcast after a toggle. */
export async function reactionsOfMessage(db: Db, messageId: number): Promise<TPartyReaction[]> {
  return (await reactionsByMessage(db, [messageId])).get(messageId) ?? [];
}

export async function partyView(
  db: Db,
  actor: Actor,
  row: PartyRow,
  options: { playerUrl: string; isMember: boolean; now: number },
): Promise<TParty> {
  const memberIds = await joinedMemberIds(db, row.id);
  const [queue, suggestions, users, messages] = await Promise.all([
    entriesFor(db, actor, row.track_ids),
    entriesFor(db, actor, row.suggested_ids),
    publicUsers(db, [...new Set([row.host_id, ...memberIds])]),
    options.isMember ? recentMessages(db, row.id, MESSAGES_SHOWN) : Promise.resolve([]),
  ]);
  const host = users.get(row.host_id) ?? { id: row.host_id, name: '', image: null };
  const timeline = timelineOf(row);
  const place = partyPlaceAt(
    timeline,
    queue.map((entry) => entry.duration),
    options.now,
  );
  return {
    id: row.id,
    code: row.code,
    link: `${options.playerUrl.replace(/\/$/, '')}/party/${row.code}`,
    host,
    join_policy: row.join_policy,
    add_policy: row.add_policy,
    revision: row.revision,
    timeline,
    queue,
    suggestions,
    members: memberIds.flatMap((id) => {
      const user = users.get(id);
      return user ? [{ ...user, is_host: id === row.host_id }] : [];
    }),
    messages: await toMessageDtos(db, messages),
    is_member: options.isMember,
    is_host: actor.user?.id === row.host_id,
    is_ended: row.ended_at !== null || place.is_ended,
    server_time: options.now,
  };
}
