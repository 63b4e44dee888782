import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app';
import { actor, type Headers, insertArtist, insertTrack } from '../catalogue/catalogue.test-helper';

let t: TestApp;
let author: { id: number; headers: Headers };
let other: { id: number; headers: Headers };
let moderator: { id: number; headers: Headers };
let trackId: number;

beforeAll(async () => {
  t = await createTestApp();
  await t.app.services.settings.save({ client: { 'player.track_comments': true } });
  author = await actor(t, ['comments.create', 'comments.view', 'music.view']);
  other = await actor(t, ['comments.create', 'comments.view', 'music.view']);
  moderator = await actor(t, ['comments.delete', 'comments.view']);
  const artistId = await insertArtist(t, 'Comment Artist');
  trackId = await insertTrack(t, { name: 'Talk About It', artistId });
});
afterAll(async () => t?.close());

async function comment(payload: Record<string, unknown>, headers: Headers = author.headers) {
  return t.app.inject({
    method: 'POST',
    url: '/api/v1/comments',
    headers,
    payload: { commentable_type: 'track', commentable_id: trackId, ...payload },
  });
}

describe('comments', () => {
  it('threads replies 5 levels deep in reading order, with timestamps on the waveform', async () => {
    const root = (await comment({ content: 'Love the intro', position_ms: 12_000 })).json().comment;
    expect(root).toMatchObject({ depth: 0, position_ms: 12_000, parent_id: null, user: { id: author.id } });
    let parent = root;
    const chain = [root.id];
    for (let depth = 1; depth < 5; depth++) {
      const reply = await comment({ content: `reply ${depth}`, parent_id: parent.id }, other.headers);
      expect(reply.statusCode).toBe(201);
      parent = reply.json().comment;
      expect(parent.depth).toBe(depth);
      chain.push(parent.id);
    }
    const tooDeep = await comment({ content: 'too deep', parent_id: parent.id });
    expect(tooDeep.statusCode).toBe(422);
    expect(tooDeep.json().errors.parent_id).toBeDefined();
    const sibling = (await comment({ content: 'second reply to root', parent_id: root.id })).json().comment;
    const newer = (await comment({ content: 'Another top-level' })).json().comment;

    const list = await t.app.inject({
      url: `/api/v1/comments?commentable_type=track&commentable_id=${trackId}`,
    });
    expect(list.statusCode).toBe(200);
    const ids = list.json().pagination.data.map((c: { id: number }) => c.id);
    expect(ids).toEqual([newer.id, ...chain, sibling.id]);
    expect(list.json().pagination.total).toBe(2);
  });

  it('soft-deletes (author or comments.delete) and keeps replies', async () => {
    const root = (await comment({ content: 'to be removed' })).json().comment;
    const reply = (await comment({ content: 'still here', parent_id: root.id }, other.headers)).json()
      .comment;
    expect(
      (await t.app.inject({ method: 'DELETE', url: `/api/v1/comments/${root.id}`, headers: other.headers }))
        .statusCode,
    ).toBe(403);
    expect(
      (
        await t.app.inject({
          method: 'DELETE',
          url: `/api/v1/comments/${root.id}`,
          headers: moderator.headers,
        })
      ).statusCode,
    ).toBe(200);
    const list = await t.app.inject({
      url: `/api/v1/comments?commentable_type=track&commentable_id=${trackId}`,
    });
    const data = list.json().pagination.data as {
      id: number;
      deleted: boolean;
      content: string;
      user: unknown;
    }[];
    expect(data.find((c) => c.id === root.id)).toMatchObject({ deleted: true, content: '', user: null });
    expect(data.find((c) => c.id === reply.id)).toMatchObject({ deleted: false, content: 'still here' });
    expect((await comment({ content: 'reply to deleted', parent_id: root.id })).statusCode).toBe(422);
    expect(
      (
        await t.app.inject({
          method: 'DELETE',
          url: `/api/v1/comments/${root.id}`,
          headers: moderator.headers,
        })
      ).statusCode,
    ).toBe(404);
  });

  it('edits only your own comments', async () => {
    const mine = (await comment({ content: 'typo' })).json().comment;
    const url = `/api/v1/comments/${mine.id}`;
    expect(
      (await t.app.inject({ method: 'PUT', url, headers: other.headers, payload: { content: 'hacked' } }))
        .statusCode,
    ).toBe(403);
    const fixed = await t.app.inject({
      method: 'PUT',
      url,
      headers: author.headers,
      payload: { content: 'fixed' },
    });
    expect(fixed.json().comment.content).toBe('fixed');
  });

  it('answers a refused edit or delete of a comment on a private track with 404, echoing nothing', async () => {
    const artistId = await insertArtist(t, 'Vault Artist');
    const hidden = await insertTrack(t, {
      name: 'Vault',
      artistId,
      ownerId: author.id,
      visibility: 'private',
    });
    const { id } = await t.deps.db
      .insertInto('comments')
      .values({
        commentable_type: 'track',
        commentable_id: hidden,
        user_id: author.id,
        content: 'private note',
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const url = `/api/v1/comments/${id}`;
    for (const method of ['PUT', 'DELETE'] as const) {
      const payload = method === 'PUT' ? { content: 'hacked' } : undefined;
      const answer = await t.app.inject({ method, url, headers: other.headers, payload });
      expect(answer.statusCode, method).toBe(404);
      expect(answer.body).not.toContain('private note');
    }
  });

  it('refuses comments on missing, deleted or private tracks, and guests', async () => {
    expect((await comment({ commentable_id: 999_999, content: 'hello?' })).statusCode).toBe(404);
    const artistId = await insertArtist(t, 'Gone Artist');
    const gone = await insertTrack(t, { name: 'Gone', artistId });
    await t.deps.db.deleteFrom('tracks').where('id', '=', gone).execute();
    expect((await comment({ commentable_id: gone, content: 'where did it go' })).statusCode).toBe(404);
    const hidden = await insertTrack(t, { name: 'Hidden', artistId, visibility: 'private' });
    expect((await comment({ commentable_id: hidden, content: 'peek' })).statusCode).toBe(404);
    const count = await t.deps.db
      .selectFrom('comments')
      .select('id')
      .where('commentable_id', 'in', [gone, hidden])
      .execute();
    expect(count).toHaveLength(0);
    const guest = await t.app.inject({
      method: 'POST',
      url: '/api/v1/comments',
      payload: { commentable_type: 'track', commentable_id: trackId, content: 'anon' },
    });
    expect(guest.statusCode).toBe(401);
    expect((await comment({ content: '   ' })).statusCode).toBe(422);
    expect((await comment({ content: 'x', position_ms: -5 })).statusCode).toBe(422);
  });

  it('refuses new comments while player.track_comments is off, and lists the existing ones', async () => {
    await t.app.services.settings.save({ client: { 'player.track_comments': false } });
    try {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/v1/comments',
        headers: author.headers,
        payload: { commentable_type: 'track', commentable_id: trackId, content: 'Still here?' },
      });
      expect(res.statusCode).toBe(403);
      expect(res.json().message).toBe('Comments are turned off.');
      const list = await t.app.inject({
        url: `/api/v1/comments?commentable_type=track&commentable_id=${trackId}`,
        headers: author.headers,
      });
      expect(list.statusCode).toBe(200);
      expect(list.json().pagination.data.some((c: { content: string }) => c.content === 'Still here?')).toBe(
        false,
      );
    } finally {
      await t.app.services.settings.save({ client: { 'player.track_comments': true } });
    }
  });
});
