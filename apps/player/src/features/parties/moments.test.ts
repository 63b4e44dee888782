import type { TComment } from '@cadence/contracts/comment';
import type { TPartyMessage } from '@cadence/contracts/party';
import { describe, expect, it } from 'vitest';
import { MOMENT_SHOWN_MS, momentsAt } from './moments';

const ann = { id: 1, name: 'Ann', image: null };
const line = (id: number, position_ms: number | null, track_position: number | null): TPartyMessage => ({
  id,
  content: `line ${id}`,
  position_ms,
  track_position,
  user: ann,
  reactions: [],
  created_at: '2026-11-29T18:00:00.000Z',
});
const comment = (id: number, position_ms: number | null, deleted = false): TComment => ({
  id,
  commentable_type: 'track',
  commentable_id: 5,
  parent_id: null,
  depth: 0,
  content: `comment ${id}`,
  position_ms,
  deleted,
  upvotes: 0,
  downvotes: 0,
  user: ann,
  created_at: '2026-11-29T18:00:00.000Z',
  updated_at: '2026-11-29T18:00:00.000Z',
});

const keysAt = (positionMs: number, index = 1) =>
  momentsAt({
    lines: [line(1, 30_000, 1), line(2, 30_000, 0), line(3, null, null), line(4, 33_000, 1)],
    comments: [comment(7, 31_000), comment(8, 31_000, true), comment(9, null)],
    index,
    positionMs,
  }).map((moment) => moment.key);

describe('momentsAt', () => {
  it("shows the current entry's lines and the track's comments from their second, in order", () => {
    expect(keysAt(29_999)).toEqual([]);
    expect(keysAt(30_000)).toEqual(['chat-1']);
    expect(keysAt(33_500)).toEqual(['chat-1', 'comment-7', 'chat-4']);
  });

  it('takes them down MOMENT_SHOWN_MS after their second', () => {
    expect(keysAt(30_000 + MOMENT_SHOWN_MS - 1)).toContain('chat-1');
    expect(keysAt(30_000 + MOMENT_SHOWN_MS)).not.toContain('chat-1');
  });

  it('never shows a line written during another entry of the queue, a plain line or a deleted comment', () => {
    expect(keysAt(30_500, 0)).toEqual(['chat-2']);
    expect(keysAt(31_500)).not.toContain('comment-8');
    expect(keysAt(31_500).some((key) => key === 'chat-3' || key === 'comment-9')).toBe(false);
  });
});
