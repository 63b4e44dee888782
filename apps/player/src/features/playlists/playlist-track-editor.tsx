import { useTrans } from '@cadence/app-shell/use-trans';
import type { TPlaylist } from '@cadence/contracts/playlist';
import { IconButton } from '@cadence/ui/icon-button';
import { useMutation } from '@tanstack/react-query';
import GripVerticalIcon from 'lucide-react/icons/grip-vertical';
import XIcon from 'lucide-react/icons/x';
import { Button as AriaButton, GridList, GridListItem, useDragAndDrop } from 'react-aria-components';
import type { TPlayerTrack } from '../playback/player-track';
import { trackArtwork } from '../playback/player-track';
import { dropIndex } from '../player-ui/drop-index';
import { formatDurationMs } from '../player-ui/format-time';
import { Artwork } from '../player-ui/track-artwork';
import { moveItem } from './move-item';
import { reorderPlaylist } from './playlist-queries';
import { usePlaylistTracksCache, useRemovePlaylistTracks } from './playlist-tracks-cache';

/**
 * Edit mode of a playlist's tracks: drag (or keyboard drag) to reorder, remove; both change
 * the page at once and roll back if the api refuses.
 */
export function PlaylistTrackEditor({ playlist, tracks }: { playlist: TPlaylist; tracks: TPlayerTrack[] }) {
  const { trans } = useTrans();
  const { optimistic, rollback } = usePlaylistTracksCache(playlist.id);
  const reorder = useMutation({
    mutationFn: (ids: number[]) => reorderPlaylist(playlist.id, ids),
    onMutate: (ids) =>
      optimistic((list) => ids.map((id) => list.find((track) => track.id === id)).filter((track) => !!track)),
    onError: rollback,
  });
  const removeTracks = useRemovePlaylistTracks(playlist.id);
  const { dragAndDropHooks } = useDragAndDrop({
    getItems: (keys) => [...keys].map((id) => ({ 'text/plain': String(id) })),
    onReorder(event) {
      const [moved] = [...event.keys];
      const ids = tracks.map((track) => track.id);
      const from = ids.indexOf(Number(moved));
      const target = ids.indexOf(Number(event.target.key));
      if (from < 0 || target < 0) return;
      reorder.mutate(moveItem(ids, from, dropIndex(from, target, event.target.dropPosition)));
    },
  });
  return (
    <GridList
      aria-label={trans('Reorder :name', { name: playlist.name })}
      items={tracks}
      dragAndDropHooks={dragAndDropHooks}
      className="flex flex-col gap-1 outline-none"
      data-testid="playlist-editor"
    >
      {(track) => (
        <GridListItem
          id={track.id}
          textValue={track.name}
          className="flex items-center gap-3 rounded-md px-3 py-1.5 outline-none data-dragging:opacity-50 data-drop-target:ring-2 data-drop-target:ring-primary data-focus-visible:ring-2 data-focus-visible:ring-focus data-hovered:bg-fg-base/5"
        >
          <AriaButton slot="drag" aria-label={trans('Drag to reorder')} className="cursor-grab text-muted">
            <GripVerticalIcon aria-hidden className="size-4" />
          </AriaButton>
          <Artwork src={trackArtwork(track)} className="size-10" rounded="rounded" />
          <div className="min-w-0 flex-1">
            <div className="truncate text-sm" data-testid="playlist-editor-name">
              {track.name}
            </div>
            <div className="truncate text-xs text-muted">
              {track.artists.map((artist) => artist.name).join(', ')}
            </div>
          </div>
          <span className="text-xs text-muted tabular-nums">{formatDurationMs(track.duration)}</span>
          <IconButton
            size="xs"
            aria-label={trans('Remove :name from the playlist', { name: track.name })}
            onPress={() => removeTracks([track.id])}
          >
            <XIcon aria-hidden />
          </IconButton>
        </GridListItem>
      )}
    </GridList>
  );
}
