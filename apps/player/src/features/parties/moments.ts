import type { TComment } from '@cadence/contracts/comment';
import type { TPartyMessage } from '@cadence/contracts/party';

/** How long a time-stamped line or comment stays up once the track passes its second. */
export const MOMENT_SHOWN_MS = 6_000;

export type TMoment = {
  key: string;
  kind: 'chat' | 'comment';
  name: string;
  image: string | null;
  content: string;
  position_ms: number;
};

/**
 * What is up at this second of the party's current track: its time-stamped chat lines (written
 * while this entry of the queue played) and the track's own waveform comments, each from its
 * second for MOMENT_SHOWN_MS, in the order of their seconds.
 */
export function momentsAt(input: {
  lines: TPartyMessage[];
  comments: TComment[];
  index: number;
  positionMs: number;
  shownMs?: number;
}): TMoment[] {
  const shown = input.shownMs ?? MOMENT_SHOWN_MS;
  const isUp = (at: number) => at <= input.positionMs && input.positionMs < at + shown;
  const chat = input.lines.flatMap((line): TMoment[] =>
    line.position_ms !== null && line.track_position === input.index && isUp(line.position_ms)
      ? [
          {
            key: `chat-${line.id}`,
            kind: 'chat',
            name: line.user?.name ?? '',
            image: line.user?.image ?? null,
            content: line.content,
            position_ms: line.position_ms,
          },
        ]
      : [],
  );
  const comments = input.comments.flatMap((comment): TMoment[] =>
    !comment.deleted && comment.position_ms !== null && isUp(comment.position_ms)
      ? [
          {
            key: `comment-${comment.id}`,
            kind: 'comment',
            name: comment.user?.name ?? '',
            image: comment.user?.image ?? null,
            content: comment.content,
            position_ms: comment.position_ms,
          },
        ]
      : [],
  );
  return [...chat, ...comments].sort((a, b) => a.position_ms - b.position_ms);
}
