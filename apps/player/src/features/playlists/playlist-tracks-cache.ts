import { toast } from '@cadence/app-shell/toast-store';
import { useTrans } from '@cadence/app-shell/use-trans';
import type { TPlaylist } from '@cadence/contracts/playlist';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { playlistQuery } from '../catalogue/catalogue-queries';
import { removeTracksFromPlaylist } from './playlist-queries';

type TPlaylistTracks = NonNullable<TPlaylist['tracks']>;

/** Optimistic writes to a playlist's cached tracks, rolled back with a toast if the api refuses. */
export function usePlaylistTracksCache(playlistId: number) {
  const { trans } = useTrans();
  const queryClient = useQueryClient();
  const key = playlistQuery(playlistId).queryKey;
  const optimistic = (change: (list: TPlaylistTracks) => TPlaylistTracks) => {
    const previous = queryClient.getQueryData(key);
    queryClient.setQueryData(key, (data) =>
      data ? { playlist: { ...data.playlist, tracks: change(data.playlist.tracks ?? []) } } : data,
    );
    return { previous };
  };
  const rollback = (_error: unknown, _vars: unknown, context?: { previous: unknown }) => {
    queryClient.setQueryData(key, context?.previous as never);
    toast.danger(trans('The playlist could not be changed.'));
  };
  const refresh = () => void queryClient.invalidateQueries({ queryKey: key });
  return { optimistic, rollback, refresh };
}

/** Removes tracks (one, or a selection of the track table) from a playlist at once. */
export function useRemovePlaylistTracks(playlistId: number) {
  const { optimistic, rollback, refresh } = usePlaylistTracksCache(playlistId);
  const remove = useMutation({
    mutationFn: (ids: number[]) => removeTracksFromPlaylist(playlistId, ids),
    onMutate: (ids) => optimistic((list) => list.filter((track) => !ids.includes(track.id))),
    onError: rollback,
    onSettled: refresh,
  });
  return (ids: number[]) => remove.mutate(ids);
}
