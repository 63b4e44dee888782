import { toast } from '@cadence/app-shell/toast-store';
import { useAuth } from '@cadence/app-shell/use-auth';
import { useTrans } from '@cadence/app-shell/use-trans';
import { MAX_BATCH_LIKES } from '@cadence/contracts/library-limits';
import { apiClient } from '@cadence/http-client/http-client';
import { useQueryClient } from '@tanstack/react-query';
import { libraryStateQuery, setLibraryState } from '../library/library-state';
import { useRequireLogin } from '../library/likes';

/**
 * Likes (or unlikes) several tracks at once: every heart turns at once, one request per
 * 500 tracks, one toast for all, and the tracks of a batch that failed turn back.
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
    if (changed.length === 0) return;
    const batches: number[][] = [];
    for (let start = 0; start < changed.length; start += MAX_BATCH_LIKES)
      batches.push(changed.slice(start, start + MAX_BATCH_LIKES));
    const results = await Promise.allSettled(
      batches.map((likeable_ids) => {
        const body = { likeable_type: 'track', likeable_ids };
        return isOn
          ? apiClient.post('users/me/likes/batch', body)
          : apiClient.delete('users/me/likes/batch', { body });
      }),
    );
    // A batch is all or nothing on the api's side: a failed one turns all its hearts back.
    results.forEach((result, index) => {
      if (result.status === 'fulfilled') return;
      for (const id of batches[index] ?? [])
        setLibraryState(queryClient, userId, 'liked', 'track', id, !isOn);
    });
    void queryClient.invalidateQueries({ queryKey: ['library', 'track'] });
    if (results.some((result) => result.status === 'fulfilled'))
      toast.positive(trans(isOn ? 'Added to your library' : 'Removed from your library'));
    else toast.danger(trans('Could not update your library.'));
  };
  return { areAllLiked: (ids: number[]) => ids.every(isLiked), likeTracks };
}
