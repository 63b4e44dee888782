import { openDialog } from '@cadence/app-shell/modal-store';
import { toast } from '@cadence/app-shell/toast-store';
import { useTrans } from '@cadence/app-shell/use-trans';
import { MenuItem, MenuPopover } from '@cadence/ui/menu';
import HeartIcon from 'lucide-react/icons/heart';
import ListEndIcon from 'lucide-react/icons/list-end';
import ListPlusIcon from 'lucide-react/icons/list-plus';
import ListStartIcon from 'lucide-react/icons/list-start';
import ListXIcon from 'lucide-react/icons/list-x';
import type { ReactNode, RefObject } from 'react';
import { useRequireLogin } from '../library/likes';
import { getPlayer } from '../playback/player-instance';
import type { TPlayerTrack } from '../playback/player-track';
import { AddToPlaylistDialog } from '../playlists/add-to-playlist-dialog';

export type TMenuActions = Record<string, () => void>;

/** The queue and playlist actions a track menu offers, on one track or on the selection alike. */
export function useQueueActions(tracks: TPlayerTrack[], onRemove?: (tracks: TPlayerTrack[]) => void) {
  const { trans } = useTrans();
  const requireLogin = useRequireLogin();
  return {
    playNext: () => {
      getPlayer().playNext(tracks);
      toast.positive(trans('Playing next'));
    },
    addToQueue: () => {
      getPlayer().addToQueue(tracks);
      toast.positive(trans('Added to queue'));
    },
    addToPlaylist: () => {
      if (!requireLogin('Log in to create playlists.')) return;
      const trackIds = tracks.map((track) => track.id);
      void openDialog((close) => <AddToPlaylistDialog trackIds={trackIds} onClose={() => close()} />);
    },
    remove: () => onRemove?.(tracks),
  } satisfies TMenuActions;
}

export interface TrackMenuFrameProps {
  label: string;
  /** Run by the id of the chosen item. */
  actions: TMenuActions;
  triggerRef: RefObject<HTMLElement | null>;
  onClose: () => void;
  children: ReactNode;
}

export function TrackMenuFrame({ label, actions, triggerRef, onClose, children }: TrackMenuFrameProps) {
  return (
    <MenuPopover
      triggerRef={triggerRef}
      onOpenChange={(isOpen) => !isOpen && onClose()}
      aria-label={label}
      onAction={(key) => actions[String(key)]?.()}
    >
      {children}
    </MenuPopover>
  );
}

export interface QueueMenuItemsProps {
  isLiked: boolean;
  canRemove: boolean;
}

/** The items of `useQueueActions` (and the like toggle), in the order both menus show them. */
export function QueueMenuItems({ isLiked, canRemove }: QueueMenuItemsProps) {
  const { trans } = useTrans();
  return (
    <>
      <MenuItem id="playNext" icon={<ListStartIcon aria-hidden />}>
        {trans('Play next')}
      </MenuItem>
      <MenuItem id="addToQueue" icon={<ListEndIcon aria-hidden />}>
        {trans('Add to queue')}
      </MenuItem>
      <MenuItem id="addToPlaylist" icon={<ListPlusIcon aria-hidden />}>
        {trans('Add to playlist')}
      </MenuItem>
      <MenuItem id="like" icon={<HeartIcon aria-hidden />}>
        {isLiked ? trans('Remove from your library') : trans('Add to your library')}
      </MenuItem>
      {canRemove && (
        <MenuItem id="remove" icon={<ListXIcon aria-hidden />}>
          {trans('Remove from this playlist')}
        </MenuItem>
      )}
    </>
  );
}
