import { randomInt } from 'node:crypto';
import {
  PARTY_CODE_ALPHABET,
  PARTY_CODE_LENGTH,
  type TParty,
  type TPartyControl,
  type TPartySource,
  type ZPartyCreateSchema,
} from '@cadence/contracts/party';
import type { Kysely } from 'kysely';
import type { z } from 'zod';
import { type Actor, actorUser } from '../../platform/auth/actor';
import type { Database } from '../../platform/db/schema';
import { AppError, validationError } from '../../platform/http/app-error';
import type { RealtimeEvent, RealtimeHub } from '../../platform/realtime/realtime-hub';
import { visibleTracksOfAlbums } from '../albums/albums.repository';
import { isFollowing } from '../library/library.repository';
import { assertCanSeeEntity, assertCanSeeTracks } from '../library/visible-entity';
import { createPlaylistsService } from '../playlists/playlists.service';
import {
  findPartyByCode,
  insertParty,
  inviteMembers,
  joinedMemberIds,
  lockPartyByCode,
  memberStatus,
  setMemberStatus,
  updateParty,
} from './parties.repository';
import { applyControl } from './party-control';
import { durationsOf, type PartyRow, partyView, timelineOf } from './party-view';

type Db = Kysely<Database>;
export type PartiesDeps = {
  db: Db;
  realtime: Pick<RealtimeHub, 'emitToUsers'>;
  playerUrl: string;
  /** The admin setting letting guests with the link listen in. */
  allowsGuests: () => Promise<boolean>;
  now?: () => number;
};

function drawCode(): string {
  let code = '';
  for (let i = 0; i < PARTY_CODE_LENGTH; i++)
    code += PARTY_CODE_ALPHABET[randomInt(PARTY_CODE_ALPHABET.length)];
  return code;
}

export function createPartiesService(deps: PartiesDeps) {
  const { db } = deps;
  const now = deps.now ?? Date.now;
  const playlists = createPlaylistsService(db);

  async function sourceTrackIds(actor: Actor, source: TPartySource): Promise<number[]> {
    switch (source.type) {
      case 'album':
        await assertCanSeeEntity(db, actor, 'album', source.id);
        return (await visibleTracksOfAlbums(db, [source.id])).map((row) => row.id);
      case 'playlist':
      case 'smart_playlist':
        return playlists.trackIdsOf(actor, source.id);
      case 'queue':
        await assertCanSeeTracks(db, actor, source.track_ids);
        return source.track_ids;
    }
  }

  async function findOr404(code: string): Promise<PartyRow> {
    const row = await findPartyByCode(db, code);
    if (!row || row.ended_at) throw new AppError('not_found', 'This party has ended or never existed.');
    return row;
  }

  /** Who may open a party: its members, and whoever its join policy lets in. */
  async function mayJoin(actor: Actor, row: PartyRow): Promise<boolean> {
    const user = actor.user;
    if (!user) return row.join_policy === 'link' && (await deps.allowsGuests());
    if (user.id === row.host_id) return true;
    const status = await memberStatus(db, row.id, user.id);
    if (status === 'removed') return false;
    if (status === 'invited' || status === 'joined') return true;
    if (row.join_policy === 'link') return true;
    if (row.join_policy === 'followers') return isFollowing(db, user.id, 'user', row.host_id);
    return false;
  }

  async function assertMayJoin(actor: Actor, row: PartyRow) {
    if (await mayJoin(actor, row)) return;
    if (!actor.user) throw new AppError('unauthenticated');
    throw new AppError('forbidden', 'This party is private.');
  }

  async function isJoined(actor: Actor, row: PartyRow) {
    if (!actor.user) return false;
    return (await memberStatus(db, row.id, actor.user.id)) === 'joined';
  }

  async function view(actor: Actor, row: PartyRow): Promise<TParty> {
    return partyView(db, actor, row, {
      playerUrl: deps.playerUrl,
      isMember: await isJoined(actor, row),
      now: now(),
    });
  }

  /** Tells every member (on any replica) what changed; `isQueueChanged` makes them fetch the party. */
  async function announce(row: PartyRow, extra: { isChanged?: boolean; also?: number[] } = {}) {
    const event: RealtimeEvent = {
      type: 'party.state',
      code: row.code,
      revision: row.revision,
      timeline: timelineOf(row),
      is_changed: extra.isChanged ?? false,
      is_ended: row.ended_at !== null,
    };
    const members = await joinedMemberIds(db, row.id);
    await deps.realtime.emitToUsers([row.host_id, ...members, ...(extra.also ?? [])], event);
  }

  async function create(actor: Actor, input: z.output<typeof ZPartyCreateSchema>): Promise<TParty> {
    const user = actorUser(actor);
    const trackIds = await sourceTrackIds(actor, input.source);
    if (trackIds.length === 0) throw validationError({ source: 'There is nothing to play in this source.' });
    const row = await db.transaction().execute(async (trx) => {
      for (let attempt = 0; attempt < 5; attempt++) {
        const inserted = await insertParty(trx, {
          code: drawCode(),
          host_id: user.id,
          source_type: input.source.type,
          source_id: 'id' in input.source ? input.source.id : null,
          track_ids: JSON.stringify(trackIds),
          join_policy: input.join_policy,
          add_policy: input.add_policy,
          started_at_ms: null,
          position_ms: 0,
          is_playing: false,
        });
        if (!inserted) continue;
        await setMemberStatus(trx, inserted.id, user.id, 'joined');
        await inviteMembers(
          trx,
          inserted.id,
          input.invited_user_ids.filter((id) => id !== user.id),
        );
        return inserted;
      }
      throw new AppError('unavailable', 'Could not find a free party code. Please try again.');
    });
    return view(actor, row);
  }

  async function show(actor: Actor, code: string): Promise<TParty> {
    const row = await findOr404(code);
    await assertMayJoin(actor, row);
    return view(actor, row);
  }

  async function join(actor: Actor, code: string): Promise<TParty> {
    const user = actorUser(actor);
    const row = await findOr404(code);
    await assertMayJoin(actor, row);
    await setMemberStatus(db, row.id, user.id, 'joined');
    await announce(row, { isChanged: true });
    return view(actor, row);
  }

  /** The host leaving hands the role to the longest-joined member, or ends an empty party. */
  async function leave(actor: Actor, code: string): Promise<void> {
    const user = actorUser(actor);
    const row = await db.transaction().execute(async (trx) => {
      const locked = await lockPartyByCode(trx, code);
      if (!locked || locked.ended_at)
        throw new AppError('not_found', 'This party has ended or never existed.');
      await setMemberStatus(trx, locked.id, user.id, 'left');
      if (locked.host_id !== user.id) return locked;
      const [next] = await joinedMemberIds(trx, locked.id);
      return updateParty(
        trx,
        locked.id,
        next === undefined ? { ended_at: new Date(), is_playing: false } : { host_id: next },
      );
    });
    await announce(row, { isChanged: true });
  }

  /**
   * A host's control, applied under the row's lock. The client echoes the revision it last saw:
   * a stale or replayed message (a double click, a forged resend) is refused, not reapplied.
   */
  async function control(actor: Actor, code: string, input: TPartyControl): Promise<TParty> {
    const user = actorUser(actor);
    const { row, isChanged } = await db.transaction().execute(async (trx) => {
      const locked = await lockPartyByCode(trx, code);
      if (!locked || locked.ended_at)
        throw new AppError('not_found', 'This party has ended or never existed.');
      if (locked.host_id !== user.id) throw new AppError('forbidden', 'Only the host controls the party.');
      if (input.revision !== locked.revision)
        throw new AppError('conflict', 'The party has moved on: refresh and try again.');
      if (input.action === 'hand_over') {
        if ((await memberStatus(trx, locked.id, input.user_id)) !== 'joined')
          throw validationError({ user_id: 'Hand the party over to someone who is in it.' });
        return { row: await updateParty(trx, locked.id, { host_id: input.user_id }), isChanged: true };
      }
      const state = { track_ids: locked.track_ids, host_id: locked.host_id, timeline: timelineOf(locked) };
      const next = applyControl(state, input, await durationsOf(trx, locked.track_ids), now());
      const updated = await updateParty(trx, locked.id, {
        current_index: next.timeline.index,
        started_at_ms: next.timeline.started_at,
        position_ms: next.timeline.position_ms,
        is_playing: next.timeline.is_playing,
        ...(next.track_ids ? { track_ids: JSON.stringify(next.track_ids) } : {}),
      });
      return { row: updated, isChanged: next.track_ids !== undefined };
    });
    await announce(row, { isChanged });
    return view(actor, row);
  }

  async function removeMember(actor: Actor, code: string, userId: number): Promise<void> {
    const user = actorUser(actor);
    const row = await findOr404(code);
    if (row.host_id !== user.id) throw new AppError('forbidden', 'Only the host removes participants.');
    if (userId === user.id) throw validationError({ userId: 'Hand the party over before you leave it.' });
    if ((await memberStatus(db, row.id, userId)) === null)
      throw new AppError('not_found', 'Not in this party.');
    await setMemberStatus(db, row.id, userId, 'removed');
    await deps.realtime.emitToUsers([userId], { type: 'party.removed', code: row.code });
    await announce(row, { isChanged: true });
  }

  /** Adds a track by the add policy: the host always; others when everyone may, or as a suggestion. */
  async function addTrack(actor: Actor, code: string, trackId: number): Promise<TParty> {
    const user = actorUser(actor);
    await assertCanSeeTracks(db, actor, [trackId]);
    const row = await db.transaction().execute(async (trx) => {
      const locked = await lockPartyByCode(trx, code);
      if (!locked || locked.ended_at)
        throw new AppError('not_found', 'This party has ended or never existed.');
      const isHost = locked.host_id === user.id;
      if (!isHost && (await memberStatus(trx, locked.id, user.id)) !== 'joined')
        throw new AppError('forbidden', 'Join the party first.');
      if (!isHost && locked.add_policy === 'host')
        throw new AppError('forbidden', 'Only the host adds tracks.');
      if (locked.track_ids.length >= 500) throw validationError({ track_id: 'The queue is full.' });
      if (!isHost && locked.add_policy === 'approved') {
        return updateParty(trx, locked.id, {
          suggested_ids: JSON.stringify([...locked.suggested_ids, trackId]),
        });
      }
      return updateParty(trx, locked.id, { track_ids: JSON.stringify([...locked.track_ids, trackId]) });
    });
    await announce(row, { isChanged: true });
    return view(actor, row);
  }

  async function approve(actor: Actor, code: string, input: { track_id: number; revision: number }) {
    const user = actorUser(actor);
    const row = await db.transaction().execute(async (trx) => {
      const locked = await lockPartyByCode(trx, code);
      if (!locked || locked.ended_at)
        throw new AppError('not_found', 'This party has ended or never existed.');
      if (locked.host_id !== user.id) throw new AppError('forbidden', 'Only the host approves suggestions.');
      if (input.revision !== locked.revision)
        throw new AppError('conflict', 'The party has moved on: refresh and try again.');
      const at = locked.suggested_ids.indexOf(input.track_id);
      if (at < 0) throw validationError({ track_id: 'Nobody suggested this track.' });
      return updateParty(trx, locked.id, {
        suggested_ids: JSON.stringify(locked.suggested_ids.filter((_, index) => index !== at)),
        track_ids: JSON.stringify([...locked.track_ids, input.track_id]),
      });
    });
    await announce(row, { isChanged: true });
    return view(actor, row);
  }

  return {
    create,
    show,
    join,
    leave,
    control,
    removeMember,
    addTrack,
    approve,
    findOr404,
    mayJoin,
    isJoined,
    view,
  };
}

export type PartiesService = ReturnType<typeof createPartiesService>;
