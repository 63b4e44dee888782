import { toast } from '@cadence/app-shell/toast-store';
import { useAuth } from '@cadence/app-shell/use-auth';
import { useTrans } from '@cadence/app-shell/use-trans';
import type { TToggleResponse } from '@cadence/contracts/library';
import { apiClient } from '@cadence/http-client/http-client';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import {
  libraryStateQuery,
  setLibraryState,
  type TFollowableType,
  type TLikeableType,
  type TRepostableType,
  type TStateKind,
  useLibraryState,
} from './library-state';

export type { TFollowableType, TLikeableType, TRepostableType };

export const useIsLiked = (type: TLikeableType, id: number | undefined) => useLibraryState('liked', type, id);
export const useIsFollowing = (type: TFollowableType, id: number | undefined) =>
  useLibraryState('followed', type, id);
export const useIsReposted = (type: TRepostableType, id: number | undefined) =>
  useLibraryState('reposted', type, id);

/** Sends guests to the login page with a toast instead of failing with 401. */
export function useRequireLogin() {
  const { isLoggedIn } = useAuth();
  const { trans } = useTrans();
  const navigate = useNavigate();
  return (message = 'Log in to save music to your library.') => {
    if (isLoggedIn) return true;
    toast(trans(message), { action: { label: trans('Login'), onAction: () => navigate('/login') } });
    return false;
  };
}

const endpoints: Record<TStateKind, { path: string; body: (type: string, id: number) => object }> = {
  liked: { path: 'likes', body: (type, id) => ({ likeable_type: type, likeable_id: id }) },
  followed: { path: 'follows', body: (type, id) => ({ followable_type: type, followable_id: id }) },
  reposted: { path: 'reposts', body: (type, id) => ({ repostable_type: type, repostable_id: id }) },
};

const messages: Record<TStateKind, { on: string; off: string; login: string }> = {
  liked: {
    on: 'Added to your library',
    off: 'Removed from your library',
    login: 'Log in to save music to your library.',
  },
  followed: { on: 'Followed', off: 'Unfollowed', login: 'Log in to follow artists and people.' },
  reposted: { on: 'Reposted', off: 'Repost removed', login: 'Log in to repost.' },
};

interface TToggle {
  type: string;
  id: number;
  isOn: boolean;
}

/** Like, follow or repost with the button turning at once; a failure turns it back, a toast can undo. */
export function useToggleState(kind: TStateKind) {
  const queryClient = useQueryClient();
  const { user } = useAuth();
  const requireLogin = useRequireLogin();
  const { trans } = useTrans();
  const userId = user?.id ?? 0;
  const mutation = useMutation({
    mutationFn: ({ type, id, isOn }: TToggle) => {
      const { path, body } = endpoints[kind];
      return isOn
        ? apiClient.post<TToggleResponse>(`users/me/${path}`, body(type, id))
        : apiClient.delete<TToggleResponse>(`users/me/${path}`, { body: body(type, id) });
    },
    onMutate: async ({ type, id, isOn }) => {
      // A state fetch still in flight would land after the optimistic value and undo it.
      await queryClient.cancelQueries({
        queryKey: libraryStateQuery(userId, kind, type, id).queryKey,
        exact: true,
      });
      return { previous: setLibraryState(queryClient, userId, kind, type, id, isOn) };
    },
    onError: (_error, { type, id }, context) => {
      setLibraryState(queryClient, userId, kind, type, id, context?.previous ?? false);
    },
    onSettled: (_data, _error, { type, id }) => {
      // Lists and counters that show this item (library pages, followers, headers) refresh.
      void queryClient.invalidateQueries({ queryKey: ['library', type] });
      if (kind === 'followed') void queryClient.invalidateQueries({ queryKey: ['followers', type, id] });
      void queryClient.invalidateQueries({ queryKey: [`${type}s`, id] });
    },
  });
  return (type: string, id: number, isOn: boolean) => {
    if (!requireLogin(messages[kind].login)) return;
    mutation.mutate(
      { type, id, isOn },
      {
        onSuccess: () =>
          toast.positive(trans(isOn ? messages[kind].on : messages[kind].off), {
            action: { label: trans('Undo'), onAction: () => mutation.mutate({ type, id, isOn: !isOn }) },
          }),
      },
    );
  };
}

export function useToggleLike() {
  const toggle = useToggleState('liked');
  return (type: TLikeableType, id: number, isLiked: boolean) => toggle(type, id, isLiked);
}
