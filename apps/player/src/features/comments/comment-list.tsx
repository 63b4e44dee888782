import { useAuth } from '@cadence/app-shell/use-auth';
import { useTrans } from '@cadence/app-shell/use-trans';
import type { TComment } from '@cadence/contracts/comment';
import { apiClient } from '@cadence/http-client/http-client';
import { IconButton } from '@cadence/ui/icon-button';
import { useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import Trash2Icon from 'lucide-react/icons/trash-2';
import { Link } from 'react-router';
import { allItems, LoadMore } from '../catalogue/infinite-list';
import { userUrl } from '../catalogue/urls';
import { formatTime } from '../player-ui/format-time';
import { Artwork } from '../player-ui/track-artwork';
import { ReportButton } from '../reports/report-button';
import { commentsQuery, type TCommentableType } from './comment-queries';

/** Threads (replies indented by depth), newest first, loading more as the page scrolls. */
export function CommentList({
  type,
  id,
  onSeek,
}: {
  type: TCommentableType;
  id: number;
  onSeek?: (positionMs: number) => void;
}) {
  const { trans } = useTrans();
  const query = useInfiniteQuery(commentsQuery(type, id));
  const comments = allItems(query.data);
  if (query.isPending || query.isError) return null;
  if (comments.length === 0) return <p className="text-sm text-muted">{trans('No comments yet.')}</p>;
  return (
    <>
      <ol className="flex flex-col gap-4" data-testid="comment-list">
        {comments.map((comment) => (
          <CommentItem key={comment.id} comment={comment} type={type} id={id} onSeek={onSeek} />
        ))}
      </ol>
      <LoadMore {...query} />
    </>
  );
}

function CommentItem({
  comment,
  type,
  id,
  onSeek,
}: {
  comment: TComment;
  type: TCommentableType;
  id: number;
  onSeek?: (positionMs: number) => void;
}) {
  const { trans } = useTrans();
  const { user } = useAuth();
  const queryClient = useQueryClient();
  const remove = useMutation({
    mutationFn: () => apiClient.delete(`comments/${comment.id}`),
    onSettled: () => void queryClient.invalidateQueries({ queryKey: ['comments', type, id] }),
  });
  const isMine = user !== null && comment.user?.id === user.id && !comment.deleted;
  return (
    <li className="flex gap-3" style={{ marginLeft: `${comment.depth * 2.5}rem` }} data-testid="comment">
      <Artwork src={comment.user?.image} className="size-9" rounded="rounded-full" />
      <div className="min-w-0 flex-1">
        <div className="flex flex-wrap items-center gap-x-2 text-sm">
          {comment.user ? (
            <Link to={userUrl(comment.user)} className="font-medium hover:underline">
              {comment.user.name}
            </Link>
          ) : (
            <span className="font-medium">{trans('Deleted user')}</span>
          )}
          {comment.position_ms !== null && (
            <button
              type="button"
              className="text-xs text-primary hover:underline"
              onClick={() => onSeek?.(comment.position_ms ?? 0)}
              aria-label={trans('Play at :time', { time: formatTime(comment.position_ms / 1000) })}
            >
              {trans('at :time', { time: formatTime(comment.position_ms / 1000) })}
            </button>
          )}
          <time className="text-xs text-muted" dateTime={comment.created_at}>
            {new Date(comment.created_at).toLocaleDateString()}
          </time>
        </div>
        <p className="text-sm break-words whitespace-pre-line">
          {comment.deleted ? (
            <em className="text-muted">{trans('This comment was deleted.')}</em>
          ) : (
            comment.content
          )}
        </p>
      </div>
      {isMine && (
        <IconButton size="xs" aria-label={trans('Delete comment')} onPress={() => remove.mutate()}>
          <Trash2Icon aria-hidden />
        </IconButton>
      )}
      {user !== null && !isMine && !comment.deleted && (
        <ReportButton
          size="xs"
          target={{ type: 'comment', id: comment.id, name: comment.content.slice(0, 40) }}
        />
      )}
    </li>
  );
}
