import { useAuth } from '@cadence/app-shell/use-auth';
import { useTrans } from '@cadence/app-shell/use-trans';
import type { TCommentResponse } from '@cadence/contracts/comment';
import { apiClient } from '@cadence/http-client/http-client';
import { Button } from '@cadence/ui/button';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useId, useState } from 'react';
import { useRequireLogin } from '../library/likes';
import { getPlayer } from '../playback/player-instance';
import { usePlayerState } from '../playback/use-player';
import { formatTime } from '../player-ui/format-time';
import type { TCommentableType } from './comment-queries';

/** Where the listener is in this track, or null when another track (or nothing) plays. */
function usePositionInTrack(trackId: number): number | null {
  return usePlayerState((state) =>
    state.queue.items[state.queue.currentIndex]?.track.id === trackId ? Math.floor(state.position) : null,
  );
}

/** Posts a comment pinned to the current playback moment when this track is the one playing. */
export function CommentForm({ type, id }: { type: TCommentableType; id: number }) {
  const { trans } = useTrans();
  const { hasPermission, isLoggedIn } = useAuth();
  const requireLogin = useRequireLogin();
  const queryClient = useQueryClient();
  const inputId = useId();
  const [content, setContent] = useState('');
  const [error, setError] = useState<string | null>(null);
  const positionS = usePositionInTrack(id);
  const mutation = useMutation({
    mutationFn: (body: { content: string; position_ms: number | null }) =>
      apiClient.post<TCommentResponse>('comments', { commentable_type: type, commentable_id: id, ...body }),
    onSuccess: () => {
      setContent('');
      setError(null);
      void queryClient.invalidateQueries({ queryKey: ['comments', type, id] });
    },
    onError: (failure: { message?: string; errors?: Record<string, string | string[]> }) => {
      const fieldError = failure.errors?.content;
      setError((Array.isArray(fieldError) ? fieldError[0] : fieldError) ?? failure.message ?? null);
    },
  });
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (!requireLogin('Log in to comment.')) return;
    if (content.trim() === '') return;
    // Read the moment at submit time: the label may lag a second behind the audio.
    const state = getPlayer().getSnapshot();
    const isThisTrack = state.queue.items[state.queue.currentIndex]?.track.id === id;
    mutation.mutate({ content, position_ms: isThisTrack ? Math.round(state.position * 1000) : null });
  };
  // Guests see the form and are asked to log in; members without the permission don't.
  if (isLoggedIn && !hasPermission('comments.create')) return null;
  return (
    <form onSubmit={onSubmit} className="flex flex-col gap-2" data-testid="comment-form">
      <label htmlFor={inputId} className="text-sm text-muted">
        {positionS !== null
          ? trans('Comment at :time', { time: formatTime(positionS) })
          : trans('Write a comment')}
      </label>
      <div className="flex items-start gap-2">
        <textarea
          id={inputId}
          value={content}
          onChange={(event) => setContent(event.target.value)}
          rows={2}
          maxLength={5000}
          className="min-h-10 flex-1 resize-y rounded-input border border-divider bg-bg-alt px-3 py-2 text-sm outline-none focus:ring-2 focus:ring-focus"
          placeholder={trans('Write a comment')}
        />
        <Button type="submit" isPending={mutation.isPending} isDisabled={content.trim() === ''}>
          {trans('Post')}
        </Button>
      </div>
      {error && (
        <p role="alert" className="text-sm text-danger">
          {error}
        </p>
      )}
    </form>
  );
}
