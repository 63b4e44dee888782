import { useSettings } from '@cadence/app-shell/use-bootstrap-data';
import type { TComment } from '@cadence/contracts/comment';
import { pagedListQuery } from '../catalogue/infinite-list';

export type TCommentableType = 'track' | 'album';

export const commentsQuery = (type: TCommentableType, id: number) =>
  pagedListQuery<TComment>(
    ['comments', type, id],
    'comments',
    { commentable_type: type, commentable_id: id },
    25,
  );

/** `player.track_comments` turns comments (and their waveform markers) on. */
export function useAreCommentsEnabled(): boolean {
  const settings = useSettings() as { player?: { track_comments?: boolean } };
  return settings.player?.track_comments === true;
}

/** Comments pinned to a moment, for the markers on the waveform. */
export const timedComments = (comments: TComment[], durationMs: number) =>
  comments.filter(
    (comment) =>
      !comment.deleted && comment.position_ms !== null && comment.position_ms <= durationMs && durationMs > 0,
  );
