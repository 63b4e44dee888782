import { openDialog } from '@cadence/app-shell/modal-store';
import { toast } from '@cadence/app-shell/toast-store';
import { useAuth } from '@cadence/app-shell/use-auth';
import { useTrans } from '@cadence/app-shell/use-trans';
import { MenuItem, MenuSeparator } from '@cadence/ui/menu';
import DiscIcon from 'lucide-react/icons/disc-3';
import DownloadIcon from 'lucide-react/icons/download';
import FlagIcon from 'lucide-react/icons/flag';
import LinkIcon from 'lucide-react/icons/link';
import MicVocalIcon from 'lucide-react/icons/mic-vocal';
import PlayIcon from 'lucide-react/icons/play';
import RadioIcon from 'lucide-react/icons/radio';
import Repeat2Icon from 'lucide-react/icons/repeat-2';
import Share2Icon from 'lucide-react/icons/share-2';
import UserIcon from 'lucide-react/icons/user';
import type { RefObject } from 'react';
import { useNavigate } from 'react-router';
import { absoluteUrl, albumUrl, artistUrl, radioUrl, trackEmbedUrl, trackUrl } from '../catalogue/urls';
import { useIsLiked, useIsReposted, useToggleLike, useToggleState } from '../library/likes';
import { useIsRepostEnabled } from '../library/repost-button';
import { useListenerSettings } from '../listener-settings/listener-settings';
import { getPlayer } from '../playback/player-instance';
import { getPlayerSettings } from '../playback/player-settings';
import type { TPlayerTrack } from '../playback/player-track';
import { openReportDialog } from '../reports/report-button';
import { useLikeTracks } from './like-tracks';
import { ShareDialog } from './share-dialog';
import { canDownloadTrack, downloadTrack } from './track-download';
import { QueueMenuItems, type TMenuActions, TrackMenuFrame, useQueueActions } from './track-menu-parts';

export interface TrackMenuProps {
  track: TPlayerTrack;
  /** The tracks the menu acts on: the selection when the row is part of one, else the row's track. */
  tracks?: TPlayerTrack[];
  /** "Remove from this playlist", where the viewer may edit the list. */
  onRemove?: (tracks: TPlayerTrack[]) => void;
  /** The plain button (or row) the menu opens against. */
  triggerRef: RefObject<HTMLElement | null>;
  onClose: () => void;
}

/**
 * The one context menu for a track (player-ux): same items on right-click and the "more" button.
 * This module is the lazy chunk: react-aria loads on the first open, not with the track table.
 */
export function TrackMenuPopover({ track, tracks = [track], ...menu }: TrackMenuProps) {
  if (tracks.length > 1) return <SelectionMenu tracks={tracks} {...menu} />;
  return <SingleTrackMenu track={track} {...menu} />;
}

function SingleTrackMenu({ track, onRemove, triggerRef, onClose }: Omit<TrackMenuProps, 'tracks'>) {
  const { trans } = useTrans();
  const navigate = useNavigate();
  const isLiked = useIsLiked('track', track.id);
  const toggleLike = useToggleLike();
  const isRepostEnabled = useIsRepostEnabled();
  const isReposted = useIsReposted('track', isRepostEnabled ? track.id : undefined);
  const toggleRepost = useToggleState('reposted');
  const queueActions = useQueueActions([track], onRemove);
  const { isLoggedIn, hasPermission } = useAuth();
  const { hideRadioButton } = useListenerSettings();
  const isDownloadable = canDownloadTrack(track, {
    isEnabled: getPlayerSettings().enableDownload,
    mayDownload: hasPermission('music.download'),
  });
  const artist = track.artists[0];
  const actions: TMenuActions = {
    ...queueActions,
    like: () => toggleLike('track', track.id, !isLiked),
    repost: () => toggleRepost('track', track.id, !isReposted),
    lyrics: () => navigate(trackUrl(track)),
    radio: () => navigate(radioUrl('track', track)),
    artist: () => artist && navigate(artistUrl(artist)),
    album: () => track.album && navigate(albumUrl(track.album, artist?.name ?? '')),
    share: () =>
      void openDialog((close) => (
        <ShareDialog
          title={track.name}
          path={trackUrl(track)}
          embedPath={trackEmbedUrl(track)}
          onClose={() => close()}
        />
      )),
    copyLink: () => {
      void navigator.clipboard?.writeText(absoluteUrl(trackUrl(track)));
      toast.positive(trans('Copied link to clipboard'));
    },
    report: () => openReportDialog({ type: 'track', id: track.id, name: track.name }),
    download: () => downloadTrack(track),
  };
  return (
    <TrackMenuFrame
      label={trans('Track options')}
      actions={actions}
      triggerRef={triggerRef}
      onClose={onClose}
    >
      <QueueMenuItems isLiked={isLiked} canRemove={Boolean(onRemove)} />
      {isRepostEnabled && (
        <MenuItem id="repost" icon={<Repeat2Icon aria-hidden />}>
          {isReposted ? trans('Remove repost') : trans('Repost')}
        </MenuItem>
      )}
      <MenuSeparator />
      {!hideRadioButton && (
        <MenuItem id="radio" icon={<RadioIcon aria-hidden />}>
          {trans('Go to track radio')}
        </MenuItem>
      )}
      {artist && (
        <MenuItem id="artist" icon={<UserIcon aria-hidden />}>
          {trans('Go to artist')}
        </MenuItem>
      )}
      {track.album && (
        <MenuItem id="album" icon={<DiscIcon aria-hidden />}>
          {trans('Go to album')}
        </MenuItem>
      )}
      <MenuItem id="lyrics" icon={<MicVocalIcon aria-hidden />}>
        {trans('View lyrics')}
      </MenuItem>
      <MenuSeparator />
      <MenuItem id="share" icon={<Share2Icon aria-hidden />}>
        {trans('Share')}
      </MenuItem>
      <MenuItem id="copyLink" icon={<LinkIcon aria-hidden />}>
        {trans('Copy link')}
      </MenuItem>
      {isDownloadable && (
        <MenuItem id="download" icon={<DownloadIcon aria-hidden />}>
          {trans('Download')}
        </MenuItem>
      )}
      {isLoggedIn && (
        <MenuItem id="report" icon={<FlagIcon aria-hidden />}>
          {trans('Report')}
        </MenuItem>
      )}
    </TrackMenuFrame>
  );
}

/** What can be done to several tracks at once (player-ux: bulk add to queue or playlist). */
function SelectionMenu({
  tracks,
  onRemove,
  triggerRef,
  onClose,
}: Omit<TrackMenuProps, 'track'> & { tracks: TPlayerTrack[] }) {
  const { trans } = useTrans();
  const { areAllLiked, likeTracks } = useLikeTracks();
  const queueActions = useQueueActions(tracks, onRemove);
  const ids = tracks.map((track) => track.id);
  const isEveryLiked = areAllLiked(ids);
  const actions: TMenuActions = {
    ...queueActions,
    play: () => getPlayer().playTracks(tracks, 0),
    like: () => void likeTracks(ids, !isEveryLiked),
  };
  return (
    <TrackMenuFrame
      label={trans(':count selected tracks', { count: tracks.length })}
      actions={actions}
      triggerRef={triggerRef}
      onClose={onClose}
    >
      <MenuItem id="play" icon={<PlayIcon aria-hidden />}>
        {trans('{count, plural, one {Play # track} other {Play # tracks}}', { count: tracks.length })}
      </MenuItem>
      <QueueMenuItems isLiked={isEveryLiked} canRemove={Boolean(onRemove)} />
    </TrackMenuFrame>
  );
}
