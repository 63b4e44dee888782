import { toast } from '@cadence/app-shell/toast-store';
import { useAuth } from '@cadence/app-shell/use-auth';
import { useTrans } from '@cadence/app-shell/use-trans';
import { apiClient } from '@cadence/http-client/http-client';
import { useQueryClient } from '@tanstack/react-query';
import { libraryStateQuery, setLibraryState } from '../library/library-state';
import { useRequireLogin } from '../library/likes';

/**
 * Likes (or unlikes) several tracks at once: every heart turns at once, one toast for all,
 * and the tracks whose request failed turn back.
 */
export function useLikeTracks() {
  const queryClient = useQueryClient();
  const { user } = useAuth();
  const { trans } = useTrans();
  const requireLogin = useRequireLogin();
  const userId = user?.id ?? 0;
  const isLiked = (id: number) =>
    queryClient.getQueryData(libraryStateQuery(userId, 'liked', 'track', id).queryKey) === true;
  const likeTracks = async (ids: number[], isOn: boolean) => {
    if (!requireLogin()) return;
    const changed = ids.filter((id) => isLiked(id) !== isOn);
    for (const id of changed) setLibraryState(queryClient, userId, 'liked', 'track', id, isOn);
    const body = (id: number) => ({ likeable_type: 'track', likeable_id: id });
    const results = await Promise.allSettled(
      changed.map((id) =>
        isOn
          ? apiClient.post('users/me/likes', body(id))
          : apiClient.delete('users/me/likes', { body: body(id) }),
      ),
    );
    results.forEach((result, index) => {
      if (result.status === 'rejected')
        setLibraryState(queryClient, userId, 'liked', 'track', changed[index] as number, !isOn);
    });
    void queryClient.invalidateQueries({ queryKey: ['library', 'track'] });
    if (results.some((result) => result.status === 'fulfilled'))
      toast.positive(trans(isOn ? 'Added to your library' : 'Removed from your library'));
  };
  return { areAllLiked: (ids: number[]) => ids.every(isLiked), likeTracks };
}
