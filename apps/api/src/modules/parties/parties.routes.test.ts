import { PARTY_MESSAGE_BURST, PARTY_REACTION_BURST, PARTY_REACTIONS } from '@cadence/contracts/party';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app';
import {
  actor,
  type Headers,
  insertAlbum,
  insertArtist,
  insertTrack,
} from '../catalogue/catalogue.test-helper';

let t: TestApp;
let artistId: number;
let albumId: number;
let tracks: number[];
type Person = { id: number; headers: Headers };
let host: Person;

beforeAll(async () => {
  t = await createTestApp();
  host = await actor(t);
  artistId = await insertArtist(t, 'Party Artist');
  albumId = await insertAlbum(t, 'Party Album', artistId);
  tracks = [];
  for (const [index, name] of ['One', 'Two', 'Three'].entries())
    tracks.push(await insertTrack(t, { name, artistId, albumId, number: index + 1, duration: 200_000 }));
});
afterAll(async () => t?.close());

const call = (
  method: 'GET' | 'POST' | 'DELETE',
  url: string,
  headers: Headers = {},
  payload?: Record<string, unknown>,
) =>
  t.app.inject({
    method,
    url: `/api/v1/${url}`,
    headers,
    ...(payload === undefined ? {} : { payload }),
  });

async function startParty(by: Person = host, extra: Record<string, unknown> = {}) {
  const created = await call('POST', 'parties', by.headers, {
    source: { type: 'queue', track_ids: tracks },
    ...extra,
  });
  expect(created.statusCode, created.body).toBe(201);
  return created.json().party as {
    code: string;
    revision: number;
    link: string;
    timeline: { index: number; started_at: number | null; position_ms: number; is_playing: boolean };
  };
}

const control = (code: string, by: Person, body: Record<string, unknown>) =>
  call('POST', `parties/${code}/control`, by.headers, body);

describe('listening parties', () => {
  it('starts from an album with a short code and link, and anyone with the link joins', async () => {
    const created = await call('POST', 'parties', host.headers, { source: { type: 'album', id: albumId } });
    expect(created.statusCode, created.body).toBe(201);
    const party = created.json().party;
    expect(party.code).toMatch(/^[2-9A-HJKMNP-Z]{6}$/);
    expect(party.link).toBe(`${t.env.PLAYER_URL.replace(/\/$/, '')}/party/${party.code}`);
    expect(party.queue.map((entry: { track: { name: string } }) => entry.track.name)).toEqual([
      'One',
      'Two',
      'Three',
    ]);
    expect(party.members).toEqual([expect.objectContaining({ id: host.id, is_host: true })]);
    expect(party.timeline).toEqual({ index: 0, started_at: null, position_ms: 0, is_playing: false });

    const friend = await actor(t);
    const joined = await call('POST', `parties/${party.code.toLowerCase()}/join`, friend.headers);
    expect(joined.statusCode, joined.body).toBe(200);
    expect(joined.json().party.is_member).toBe(true);
    const seen = (await call('GET', `parties/${party.code}`, host.headers)).json().party;
    expect(seen.members.map((member: { id: number }) => member.id)).toEqual([host.id, friend.id]);

    expect((await call('GET', 'parties/NOPE00', host.headers)).statusCode).toBe(422);
    expect((await call('GET', 'parties/ZZZZZZ', host.headers)).statusCode).toBe(404);
  });

  it('refuses a private party to strangers, lets the invited and (by policy) followers in', async () => {
    const invited = await actor(t);
    const stranger = await actor(t);
    const party = await startParty(host, { join_policy: 'invited', invited_user_ids: [invited.id] });
    const refused = await call('POST', `parties/${party.code}/join`, stranger.headers);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe('This party is private.');
    expect((await call('GET', `parties/${party.code}`, stranger.headers)).statusCode).toBe(403);
    expect((await call('POST', `parties/${party.code}/join`, invited.headers)).statusCode).toBe(200);

    const forFollowers = await startParty(host, { join_policy: 'followers' });
    expect((await call('POST', `parties/${forFollowers.code}/join`, stranger.headers)).statusCode).toBe(403);
    await t.deps.db
      .insertInto('follows')
      .values({
        follower_id: stranger.id,
        followable_type: 'user',
        followable_id: host.id,
        created_at: new Date(),
      })
      .execute();
    expect((await call('POST', `parties/${forFollowers.code}/join`, stranger.headers)).statusCode).toBe(200);
  });

  it('lets guests open a link party only when the admin allows it', async () => {
    const party = await startParty();
    expect((await call('GET', `parties/${party.code}`)).statusCode).toBe(401);
    await t.app.services.settings.save({ client: { 'parties.allow_guests': true } });
    try {
      const seen = await call('GET', `parties/${party.code}`);
      expect(seen.statusCode).toBe(200);
      expect(seen.json().party.messages).toEqual([]);
      const privateOne = await startParty(host, { join_policy: 'invited' });
      expect((await call('GET', `parties/${privateOne.code}`)).statusCode).toBe(401);
      expect((await call('POST', `parties/${party.code}/join`)).statusCode).toBe(401);
    } finally {
      await t.app.services.settings.save({ client: { 'parties.allow_guests': false } });
    }
  });

  it('moves the one timeline on play, pause, seek and skip, each echoing the revision', async () => {
    const party = await startParty();
    const before = Date.now();
    const played = await control(party.code, host, { action: 'play', revision: party.revision });
    expect(played.statusCode, played.body).toBe(200);
    let state = played.json().party;
    expect(state.revision).toBe(party.revision + 1);
    expect(state.timeline.is_playing).toBe(true);
    expect(state.timeline.started_at).toBeGreaterThanOrEqual(before - 50);
    expect(state.timeline.started_at).toBeLessThanOrEqual(Date.now());

    state = (
      await control(party.code, host, { action: 'seek', revision: state.revision, position_ms: 90_000 })
    ).json().party;
    expect(Date.now() - state.timeline.started_at).toBeGreaterThanOrEqual(90_000);
    expect(Date.now() - state.timeline.started_at).toBeLessThan(92_000);

    state = (await control(party.code, host, { action: 'pause', revision: state.revision })).json().party;
    expect(state.timeline).toMatchObject({ is_playing: false, started_at: null, index: 0 });
    expect(state.timeline.position_ms).toBeGreaterThanOrEqual(90_000);

    state = (await control(party.code, host, { action: 'skip', revision: state.revision })).json().party;
    expect(state.timeline).toEqual({ index: 1, started_at: null, position_ms: 0, is_playing: false });

    const past = await control(party.code, host, {
      action: 'seek',
      revision: state.revision,
      position_ms: 300_000,
    });
    expect(past.statusCode).toBe(422);
    expect(past.json().errors.position_ms).toBeTruthy();
    const nowhere = await control(party.code, host, {
      action: 'skip',
      revision: state.revision,
      to_index: 3,
    });
    expect(nowhere.statusCode).toBe(422);

    // The state is in the database: a fresh read (another replica, a reloaded host) sees it.
    const reread = (await call('GET', `parties/${party.code}`, host.headers)).json().party;
    expect(reread.timeline).toEqual(state.timeline);
    expect(reread.revision).toBe(state.revision);
  });

  it('refuses control without the role, and stale or replayed revisions', async () => {
    const party = await startParty();
    const guest = await actor(t);
    await call('POST', `parties/${party.code}/join`, guest.headers);
    const notHost = await control(party.code, guest, { action: 'pause', revision: party.revision });
    expect(notHost.statusCode).toBe(403);

    const body = { action: 'play', revision: party.revision };
    expect((await control(party.code, host, body)).statusCode).toBe(200);
    const replayed = await control(party.code, host, body);
    expect(replayed.statusCode).toBe(409);
    const forged = await control(party.code, host, { action: 'pause', revision: party.revision + 99 });
    expect(forged.statusCode).toBe(409);
    const junk = await control(party.code, host, { action: 'explode', revision: 1 });
    expect(junk.statusCode).toBe(422);
    const row = await t.deps.db
      .selectFrom('parties')
      .select('revision')
      .where('code', '=', party.code)
      .executeTakeFirstOrThrow();
    expect(row.revision).toBe(party.revision + 1);
  });

  it('reorders with the current track followed, and hands the host role over', async () => {
    const party = await startParty();
    const friend = await actor(t);
    await call('POST', `parties/${party.code}/join`, friend.headers);
    let state = (
      await control(party.code, host, { action: 'reorder', revision: party.revision, from: 0, to: 2 })
    ).json().party;
    expect(state.queue.map((entry: { track: { id: number } }) => entry.track.id)).toEqual([
      tracks[1],
      tracks[2],
      tracks[0],
    ]);
    expect(state.timeline.index).toBe(2);

    const refused = await control(party.code, host, {
      action: 'hand_over',
      revision: state.revision,
      user_id: 999_999,
    });
    expect(refused.statusCode).toBe(422);
    state = (
      await control(party.code, host, { action: 'hand_over', revision: state.revision, user_id: friend.id })
    ).json().party;
    expect(state.host.id).toBe(friend.id);
    expect((await control(party.code, host, { action: 'play', revision: state.revision })).statusCode).toBe(
      403,
    );
    expect((await control(party.code, friend, { action: 'play', revision: state.revision })).statusCode).toBe(
      200,
    );
  });

  it('skips a track the joiner may not play for them, never naming it', async () => {
    const secret = await insertTrack(t, {
      name: 'Secret Demo Take',
      artistId,
      ownerId: host.id,
      visibility: 'private',
      duration: 60_000,
    });
    const created = await call('POST', 'parties', host.headers, {
      source: { type: 'queue', track_ids: [tracks[0], secret, tracks[1]] },
    });
    expect(created.statusCode, created.body).toBe(201);
    const { code } = created.json().party;
    expect(created.json().party.queue[1].track.name).toBe('Secret Demo Take');
    const joiner = await actor(t);
    const joined = await call('POST', `parties/${code}/join`, joiner.headers);
    expect(joined.json().party.queue[1]).toEqual({ position: 1, duration: 60_000, track: null });
    expect(joined.body).not.toContain('Secret Demo Take');
    expect(joined.body).not.toContain(`"id":${secret},`);

    const stranger = await actor(t);
    const queued = await call('POST', 'parties', stranger.headers, {
      source: { type: 'queue', track_ids: [secret] },
    });
    expect(queued.statusCode).toBe(404);
  });

  it('follows the add policy: host only, everyone, or suggestions the host approves', async () => {
    const extra = await insertTrack(t, { name: 'Extra', artistId, duration: 100_000 });
    const member = await actor(t);
    const hostOnly = await startParty();
    await call('POST', `parties/${hostOnly.code}/join`, member.headers);
    expect(
      (await call('POST', `parties/${hostOnly.code}/tracks`, member.headers, { track_id: extra })).statusCode,
    ).toBe(403);

    const open = await startParty(host, { add_policy: 'everyone' });
    await call('POST', `parties/${open.code}/join`, member.headers);
    const added = await call('POST', `parties/${open.code}/tracks`, member.headers, { track_id: extra });
    expect(added.json().party.queue).toHaveLength(4);

    const approved = await startParty(host, { add_policy: 'approved' });
    await call('POST', `parties/${approved.code}/join`, member.headers);
    const suggested = (
      await call('POST', `parties/${approved.code}/tracks`, member.headers, { track_id: extra })
    ).json().party;
    expect(suggested.queue).toHaveLength(3);
    expect(suggested.suggestions.map((entry: { track: { id: number } }) => entry.track.id)).toEqual([extra]);
    const done = await call('POST', `parties/${approved.code}/suggestions/approve`, host.headers, {
      track_id: extra,
      revision: suggested.revision,
    });
    expect(done.json().party.queue).toHaveLength(4);
    expect(done.json().party.suggestions).toEqual([]);
  });

  it('lets the host remove a participant, who cannot come back', async () => {
    const party = await startParty();
    const rowdy = await actor(t);
    await call('POST', `parties/${party.code}/join`, rowdy.headers);
    expect((await call('DELETE', `parties/${party.code}/members/${host.id}`, rowdy.headers)).statusCode).toBe(
      403,
    );
    expect((await call('DELETE', `parties/${party.code}/members/${rowdy.id}`, host.headers)).statusCode).toBe(
      200,
    );
    expect((await call('POST', `parties/${party.code}/join`, rowdy.headers)).statusCode).toBe(403);
    expect(
      (await call('POST', `parties/${party.code}/messages`, rowdy.headers, { content: 'hi' })).statusCode,
    ).toBe(403);
  });

  it('ends the party when its last member, the host, leaves; hands it on otherwise', async () => {
    const party = await startParty();
    const friend = await actor(t);
    await call('POST', `parties/${party.code}/join`, friend.headers);
    expect((await call('POST', `parties/${party.code}/leave`, host.headers)).statusCode).toBe(200);
    expect((await call('GET', `parties/${party.code}`, friend.headers)).json().party.host.id).toBe(friend.id);
    expect((await call('POST', `parties/${party.code}/leave`, friend.headers)).statusCode).toBe(200);
    expect((await call('GET', `parties/${party.code}`, friend.headers)).statusCode).toBe(404);
  });
});

describe('plays during a party', () => {
  it('count once per listener under the usual rule, never twice for a reconnect or a re-sent play', async () => {
    // Listeners whose role may play (the plays route's permission).
    const dj = await actor(t, ['music.play', 'music.view']);
    const member = await actor(t, ['music.play', 'music.view']);
    const party = await startParty(dj);
    await call('POST', `parties/${party.code}/join`, member.headers);
    expect((await control(party.code, dj, { action: 'play', revision: party.revision })).statusCode).toBe(
      200,
    );
    const trackId = tracks[0] as number;
    const before = await t.deps.db
      .selectFrom('tracks')
      .select('plays')
      .where('id', '=', trackId)
      .executeTakeFirstOrThrow();
    const played = (by: Person, ms: number, userAgent = 'party-tab') =>
      call(
        'POST',
        `tracks/${trackId}/plays`,
        { ...by.headers, 'user-agent': userAgent },
        {
          duration_played_ms: ms,
          source: 'queue',
        },
      );

    // Under the usual rule (30 s of a 200 s track) nothing counts yet.
    expect((await played(member, 29_000)).json()).toMatchObject({ recorded: false, threshold_ms: 30_000 });
    // Both hear the same track of the same party: one play each.
    expect((await played(dj, 30_000)).json()).toMatchObject({ recorded: true });
    expect((await played(member, 30_000)).json()).toMatchObject({ recorded: true });
    // The member's player re-sends its report (a retry after a dropped answer)...
    expect((await played(member, 30_000)).json()).toMatchObject({ recorded: false });
    // ...and reconnects (the socket dropped, the tab joins again, another browser even) and
    // reports the same listen once more.
    expect((await call('POST', `parties/${party.code}/join`, member.headers)).statusCode).toBe(200);
    expect((await played(member, 45_000, 'party-tab-after-reconnect')).json()).toMatchObject({
      recorded: false,
    });

    const rows = await t.deps.db
      .selectFrom('plays')
      .select(['user_id'])
      .where('track_id', '=', trackId)
      .where('user_id', 'in', [dj.id, member.id])
      .execute();
    expect(rows.map((row) => row.user_id).sort((a, b) => Number(a) - Number(b))).toEqual(
      [dj.id, member.id].sort((a, b) => a - b),
    );
    const after = await t.deps.db
      .selectFrom('tracks')
      .select('plays')
      .where('id', '=', trackId)
      .executeTakeFirstOrThrow();
    expect(Number(after.plays) - Number(before.plays)).toBe(2);
  });
});

describe('party chat', () => {
  it('posts time-stamped lines, refuses 1 MB and over-long lines by the contract', async () => {
    const party = await startParty();
    const sent = await call('POST', `parties/${party.code}/messages`, host.headers, {
      content: ' drop! ',
      position_ms: 42_000,
    });
    expect(sent.statusCode, sent.body).toBe(201);
    expect(sent.json().message).toMatchObject({ content: 'drop!', position_ms: 42_000, track_position: 0 });
    const huge = await call('POST', `parties/${party.code}/messages`, host.headers, {
      content: 'x'.repeat(1024 * 1024),
    });
    expect(huge.statusCode).toBe(413);
    const long = await call('POST', `parties/${party.code}/messages`, host.headers, {
      content: 'x'.repeat(501),
    });
    expect(long.statusCode).toBe(422);
    expect(long.json().errors.content).toBeTruthy();
    const stranger = await actor(t);
    expect(
      (await call('POST', `parties/${party.code}/messages`, stranger.headers, { content: 'hi' })).statusCode,
    ).toBe(403);
  });

  it('rate-limits a flood of 100 messages', async () => {
    const party = await startParty();
    const flooder = await actor(t);
    await call('POST', `parties/${party.code}/join`, flooder.headers);
    const answers = await Promise.all(
      Array.from({ length: 100 }, (_, index) =>
        call('POST', `parties/${party.code}/messages`, flooder.headers, { content: `spam ${index}` }),
      ),
    );
    const codes = answers.map((answer) => answer.statusCode);
    expect(codes.filter((code) => code === 201)).toHaveLength(PARTY_MESSAGE_BURST);
    expect(codes.filter((code) => code === 429)).toHaveLength(100 - PARTY_MESSAGE_BURST);
    const stored = await t.deps.db
      .selectFrom('party_messages')
      .select('id')
      .where('user_id', '=', flooder.id)
      .execute();
    expect(stored).toHaveLength(PARTY_MESSAGE_BURST);
  });

  it('toggles reactions from the fixed set, counts who reacted and tells the party', async () => {
    const party = await startParty();
    const member = await actor(t);
    const stranger = await actor(t);
    await call('POST', `parties/${party.code}/join`, member.headers);
    const line = (
      await call('POST', `parties/${party.code}/messages`, host.headers, { content: 'tune' })
    ).json().message;
    expect(line.reactions).toEqual([]);
    const react = (by: Person, emoji: string, id = line.id) =>
      call('POST', `parties/${party.code}/messages/${id}/reactions`, by.headers, { emoji });
    const emit = vi.spyOn(t.app.services.realtime, 'emitToUsers');
    try {
      const [fire, heart] = [PARTY_REACTIONS[3], PARTY_REACTIONS[1]];
      expect((await react(member, fire)).statusCode).toBe(200);
      const both = await react(host, fire);
      expect(both.json().message.reactions).toEqual([
        {
          emoji: fire,
          count: 2,
          users: [expect.objectContaining({ id: member.id }), expect.objectContaining({ id: host.id })],
        },
      ]);
      const announced = emit.mock.calls
        .map(([, event]) => event)
        .filter((event) => event.type === 'party.reaction');
      expect(announced.at(-1)).toMatchObject({
        code: party.code,
        message_id: line.id,
        reactions: [{ emoji: fire, count: 2 }],
      });
      expect(emit.mock.calls.at(-1)?.[0]).toEqual(expect.arrayContaining([host.id, member.id]));

      await react(member, heart);
      const toggledOff = (await react(member, fire)).json().message.reactions;
      expect(toggledOff).toEqual([
        { emoji: heart, count: 1, users: [expect.objectContaining({ id: member.id })] },
        { emoji: fire, count: 1, users: [expect.objectContaining({ id: host.id })] },
      ]);
      const seen = (await call('GET', `parties/${party.code}`, member.headers)).json().party;
      expect(seen.messages.find((m: { id: number }) => m.id === line.id).reactions).toEqual(toggledOff);
    } finally {
      emit.mockRestore();
    }

    const odd = await react(member, '💩');
    expect(odd.statusCode).toBe(422);
    expect(odd.json().errors.emoji).toBeTruthy();
    expect((await react(stranger, PARTY_REACTIONS[0])).statusCode).toBe(403);
    expect((await react(member, PARTY_REACTIONS[0], 999_999_999)).statusCode).toBe(404);
  });

  it('rate-limits reactions on their own budget: a toggle flood is refused past its burst, and chat goes on', async () => {
    const party = await startParty();
    const flooder = await actor(t);
    await call('POST', `parties/${party.code}/join`, flooder.headers);
    const line = (
      await call('POST', `parties/${party.code}/messages`, host.headers, { content: 'go' })
    ).json().message;
    const flood = PARTY_REACTION_BURST + 20;
    const answers = await Promise.all(
      Array.from({ length: flood }, () =>
        call('POST', `parties/${party.code}/messages/${line.id}/reactions`, flooder.headers, {
          emoji: PARTY_REACTIONS[0],
        }),
      ),
    );
    const codes = answers.map((answer) => answer.statusCode);
    expect(codes.filter((code) => code === 200)).toHaveLength(PARTY_REACTION_BURST);
    const refused = answers.filter((answer) => answer.statusCode === 429);
    expect(refused).toHaveLength(flood - PARTY_REACTION_BURST);
    expect(refused[0]?.json().message).toBe('You are reacting too fast. Wait a moment.');
    // The lines keep their own budget: the flooder can still chat, up to the chat's burst.
    const lines = await Promise.all(
      Array.from({ length: PARTY_MESSAGE_BURST + 1 }, (_, index) =>
        call('POST', `parties/${party.code}/messages`, flooder.headers, { content: `line ${index}` }),
      ),
    );
    expect(lines.filter((answer) => answer.statusCode === 201)).toHaveLength(PARTY_MESSAGE_BURST);
    // ...and a chat flood leaves the reactions' budget alone for someone who has not reacted.
    const chatty = await actor(t);
    await call('POST', `parties/${party.code}/join`, chatty.headers);
    await Promise.all(
      Array.from({ length: PARTY_MESSAGE_BURST + 5 }, () =>
        call('POST', `parties/${party.code}/messages`, chatty.headers, { content: 'spam' }),
      ),
    );
    expect(
      (
        await call('POST', `parties/${party.code}/messages/${line.id}/reactions`, chatty.headers, {
          emoji: PARTY_REACTIONS[0],
        })
      ).statusCode,
    ).toBe(200);
  });

  it("refuses a time stamp past the end of the current track's duration", async () => {
    const party = await startParty();
    const past = await call('POST', `parties/${party.code}/messages`, host.headers, {
      content: 'after the end',
      position_ms: 200_001,
    });
    expect(past.statusCode).toBe(422);
    expect(past.json().errors.position_ms).toEqual(['This moment is past the end of the track.']);
    const last = await call('POST', `parties/${party.code}/messages`, host.headers, {
      content: 'the last second',
      position_ms: 200_000,
    });
    expect(last.statusCode, last.body).toBe(201);
    const negative = await call('POST', `parties/${party.code}/messages`, host.headers, {
      content: 'before',
      position_ms: -1,
    });
    expect(negative.statusCode).toBe(422);
  });

  it('is moderated like comments: members report, moderators list and delete', async () => {
    const party = await startParty();
    const member = await actor(t);
    await call('POST', `parties/${party.code}/join`, member.headers);
    const line = (
      await call('POST', `parties/${party.code}/messages`, member.headers, { content: 'rude words' })
    ).json().message;
    const reported = await call('POST', `parties/${party.code}/messages/${line.id}/report`, host.headers);
    expect(reported.statusCode).toBe(201);
    expect(
      (await call('POST', `parties/${party.code}/messages/${line.id}/report`, host.headers)).statusCode,
    ).toBe(201);

    const listener = await actor(t);
    expect((await call('GET', 'party-messages/reported', listener.headers)).statusCode).toBe(403);
    expect((await call('DELETE', `party-messages/${line.id}`, listener.headers)).statusCode).toBe(403);
    const moderator = await actor(t, ['reports.handle', 'comments.delete']);
    const list = (await call('GET', 'party-messages/reported', moderator.headers)).json().data;
    expect(list.find((message: { id: number }) => message.id === line.id)).toMatchObject({
      content: 'rude words',
      report_count: 1,
      party_code: party.code,
    });
    expect((await call('DELETE', `party-messages/${line.id}`, moderator.headers)).statusCode).toBe(200);
    const after = (await call('GET', `parties/${party.code}`, host.headers)).json().party;
    expect(after.messages.map((message: { id: number }) => message.id)).not.toContain(line.id);
    expect((await call('DELETE', `parties/${party.code}/messages/${line.id}`, host.headers)).statusCode).toBe(
      404,
    );
  });
});

describe('party chat reports in the admin area', () => {
  it('dismisses the reports of a line: it stays in the party, off the list until reported again', async () => {
    const party = await startParty();
    const member = await actor(t);
    await call('POST', `parties/${party.code}/join`, member.headers);
    const line = (
      await call('POST', `parties/${party.code}/messages`, member.headers, { content: 'borderline' })
    ).json().message;
    await call('POST', `parties/${party.code}/messages/${line.id}/report`, host.headers);
    const moderator = await actor(t, ['reports.handle']);
    const ids = async () =>
      (await call('GET', 'party-messages/reported', moderator.headers))
        .json()
        .data.map((message: { id: number }) => message.id);
    expect(await ids()).toContain(line.id);

    expect((await call('POST', `party-messages/${line.id}/dismiss`, member.headers)).statusCode).toBe(403);
    const dismissed = await call('POST', `party-messages/${line.id}/dismiss`, moderator.headers);
    expect(dismissed.statusCode, dismissed.body).toBe(200);
    expect(dismissed.json().message).toBe('Reports dismissed.');
    expect(await ids()).not.toContain(line.id);
    const seen = (await call('GET', `parties/${party.code}`, member.headers)).json().party;
    expect(seen.messages.map((message: { id: number }) => message.id)).toContain(line.id);

    await call('POST', `parties/${party.code}/messages/${line.id}/report`, host.headers);
    expect(await ids()).toContain(line.id);
    expect((await call('POST', 'party-messages/999999999/dismiss', moderator.headers)).statusCode).toBe(404);
  });
});

describe('the admin switch', () => {
  it('turns every party route off', async () => {
    const party = await startParty();
    await t.app.services.settings.save({ client: { 'parties.enable': false } });
    try {
      const refused = await call('GET', `parties/${party.code}`, host.headers);
      expect(refused.statusCode).toBe(403);
      expect(refused.json().message).toBe('Listening parties are turned off.');
      expect(
        (await call('POST', 'parties', host.headers, { source: { type: 'queue', track_ids: tracks } }))
          .statusCode,
      ).toBe(403);
    } finally {
      await t.app.services.settings.save({ client: { 'parties.enable': true } });
    }
  });
});
