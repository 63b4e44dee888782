import {
  PARTY_MESSAGE_BURST,
  PARTY_MESSAGE_WINDOW_MS,
  PARTY_REACTION_BURST,
  type TPartyMessage,
  type TPartyReactionEmoji,
  type TReportedPartyMessage,
} from '@cadence/contracts/party';
import { partyPlaceAt } from '@cadence/contracts/party-timeline';
import type { Kysely } from 'kysely';
import { type Actor, actorCanAny, actorUser } from '../../platform/auth/actor';
import type { Database } from '../../platform/db/schema';
import { AppError, validationError } from '../../platform/http/app-error';
import type { RealtimeHub } from '../../platform/realtime/realtime-hub';
import type { RateLimitStore } from '../../platform/redis/services';
import {
  dismissMessageReports,
  findMessage,
  findMessageById,
  insertMessage,
  joinedMemberIds,
  markMessageDeleted,
  partyCodesOf,
  reportedMessages,
  reportMessage,
  toggleReaction,
} from './parties.repository';
import type { PartiesService } from './parties.service';
import { durationsOf, type PartyRow, reactionsOfMessage, timelineOf, toMessageDtos } from './party-view';

type Deps = {
  db: Kysely<Database>;
  realtime: Pick<RealtimeHub, 'emitToUsers'>;
  rateLimits: RateLimitStore;
  parties: PartiesService;
  now?: () => number;
};

/** Party chat with the comments' moderation: members report a line, moderators (comments.delete) delete it. */
export function createPartyChat(deps: Deps) {
  const { db, parties } = deps;
  const now = deps.now ?? Date.now;

  async function assertJoined(actor: Actor, row: PartyRow) {
    if (!(await parties.isJoined(actor, row))) throw new AppError('forbidden', 'Join the party first.');
  }

  async function broadcast(row: PartyRow, event: { type: string; [key: string]: unknown }) {
    await deps.realtime.emitToUsers([row.host_id, ...(await joinedMemberIds(db, row.id))], event);
  }

  /** The chat's limiters, per user across replicas: lines and reactions each have their own budget. */
  const budgets = {
    lines: {
      key: 'party-chat',
      burst: PARTY_MESSAGE_BURST,
      message: 'You are sending messages too fast. Wait a moment.',
    },
    reactions: {
      key: 'party-reactions',
      burst: PARTY_REACTION_BURST,
      message: 'You are reacting too fast. Wait a moment.',
    },
  };
  async function throttle(userId: number, budget: keyof typeof budgets) {
    const { key, burst, message } = budgets[budget];
    const hit = await deps.rateLimits.increment(`${key}:${userId}`, PARTY_MESSAGE_WINDOW_MS);
    if (hit.current > burst) throw new AppError('too_many_requests', message);
  }

  async function send(
    actor: Actor,
    code: string,
    input: { content: string; position_ms?: number | null },
  ): Promise<TPartyMessage> {
    const user = actorUser(actor);
    const row = await parties.findOr404(code);
    await assertJoined(actor, row);
    // Counted per user across replicas (the shared store), before anything is written.
    await throttle(user.id, 'lines');
    // A time-stamped line belongs to the track playing now; a plain one to no track.
    const durations = await durationsOf(db, row.track_ids);
    const place = partyPlaceAt(timelineOf(row), durations, now());
    if (input.position_ms != null) {
      const duration = durations[place.index] ?? null;
      if (place.is_ended) throw validationError({ position_ms: ['The party has no track playing.'] });
      if (duration !== null && input.position_ms > duration)
        throw validationError({ position_ms: ['This moment is past the end of the track.'] });
    }
    const message = await insertMessage(db, {
      party_id: row.id,
      user_id: user.id,
      content: input.content,
      position_ms: input.position_ms ?? null,
      track_position: input.position_ms == null ? null : place.index,
    });
    const [dto] = await toMessageDtos(db, [message]);
    await broadcast(row, { type: 'party.message', code: row.code, message: dto });
    return dto as TPartyMessage;
  }

  /** Toggles the member's emoji on a line and tells everyone in the party the line's new counts. */
  async function react(
    actor: Actor,
    code: string,
    messageId: number,
    emoji: TPartyReactionEmoji,
  ): Promise<TPartyMessage> {
    const user = actorUser(actor);
    const row = await parties.findOr404(code);
    await assertJoined(actor, row);
    const message = await findMessage(db, row.id, messageId);
    if (!message) throw new AppError('not_found', 'Message not found.');
    await throttle(user.id, 'reactions');
    await db
      .transaction()
      .execute((trx) => toggleReaction(trx, { message_id: message.id, user_id: user.id, emoji }));
    const reactions = await reactionsOfMessage(db, message.id);
    await broadcast(row, { type: 'party.reaction', code: row.code, message_id: message.id, reactions });
    const [dto] = await toMessageDtos(db, [message]);
    return dto as TPartyMessage;
  }

  async function report(actor: Actor, code: string, messageId: number): Promise<void> {
    const user = actorUser(actor);
    const row = await parties.findOr404(code);
    await assertJoined(actor, row);
    const message = await findMessage(db, row.id, messageId);
    if (!message) throw new AppError('not_found', 'Message not found.');
    await db.transaction().execute((trx) => reportMessage(trx, message.id, user.id));
  }

  /** Its author, the host, or a moderator (comments.delete) deletes a line. */
  async function remove(actor: Actor, code: string, messageId: number): Promise<void> {
    const user = actorUser(actor);
    const row = await parties.findOr404(code);
    const message = await findMessage(db, row.id, messageId);
    if (!message) throw new AppError('not_found', 'Message not found.');
    const isAllowed =
      message.user_id === user.id ||
      row.host_id === user.id ||
      (await actorCanAny(actor, ['comments.delete']));
    if (!isAllowed) throw new AppError('forbidden');
    await markMessageDeleted(db, message.id);
    await broadcast(row, { type: 'party.message_deleted', code: row.code, id: message.id });
  }

  /** The moderators' delete from their list of reported lines. */
  async function moderate(messageId: number): Promise<void> {
    const message = await findMessageById(db, messageId);
    if (!message) throw new AppError('not_found', 'Message not found.');
    await markMessageDeleted(db, message.id);
    await deps.realtime.emitToUsers(await joinedMemberIds(db, message.party_id), {
      type: 'party.message_deleted',
      id: message.id,
    });
  }

  /** The moderators keep a reported line: its reports are cleared, it leaves their list. */
  async function dismiss(messageId: number): Promise<void> {
    const message = await findMessageById(db, messageId);
    if (!message) throw new AppError('not_found', 'Message not found.');
    await db.transaction().execute((trx) => dismissMessageReports(trx, message.id));
  }

  async function reported(): Promise<TReportedPartyMessage[]> {
    const rows = await reportedMessages(db, 100);
    const [dtos, codes] = await Promise.all([
      toMessageDtos(db, rows),
      partyCodesOf(db, [...new Set(rows.map((row) => row.party_id))]),
    ]);
    const codeOf = new Map(codes.map((party) => [party.id, party.code]));
    return dtos.map((dto, index) => {
      const row = rows[index] as (typeof rows)[number];
      return { ...dto, report_count: row.report_count, party_code: codeOf.get(row.party_id) ?? '' };
    });
  }

  return { send, react, report, remove, moderate, dismiss, reported };
}
