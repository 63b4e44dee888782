import { useTrans } from '@cadence/app-shell/use-trans';
import { IconButton } from '@cadence/ui/icon-button';
import { clsx } from 'clsx';
import ChevronDownIcon from 'lucide-react/icons/chevron-down';
import { Dialog, Heading, Modal, ModalOverlay } from 'react-aria-components';
import { LikeButton } from '../library/like-button';
import { LyricsView } from '../lyrics/lyrics-view';
import type { TPlayerSettings } from '../playback/player-settings';
import { trackArtwork } from '../playback/player-track';
import { useCurrentItem } from '../playback/use-player';
import { ArtistLinks } from './artist-links';
import { PlayerControls } from './player-controls';
import { closeNowPlaying, setPlayerUi, type TPlayerUiState, usePlayerUi } from './player-ui-store';
import { QueueList } from './queue-panel';
import { SeekBar } from './seek-bar';
import { Artwork } from './track-artwork';
import { VolumeControl } from './volume-control';

/** Fullscreen now playing (desktop "fullscreen", mobile expanded sheet): artwork, lyrics, queue. */
export function NowPlayingView({ settings }: { settings: TPlayerSettings }) {
  const { trans } = useTrans();
  const { isNowPlayingOpen, nowPlayingTab } = usePlayerUi();
  const item = useCurrentItem();
  const tabs: { id: TPlayerUiState['nowPlayingTab']; label: string }[] = [
    { id: 'artwork', label: trans('Now playing') },
    ...(settings.hideLyrics ? [] : [{ id: 'lyrics' as const, label: trans('Lyrics') }]),
    ...(settings.hideQueue ? [] : [{ id: 'queue' as const, label: trans('Queue') }]),
  ];
  return (
    <ModalOverlay
      isOpen={isNowPlayingOpen && !!item}
      onOpenChange={(isOpen) => !isOpen && closeNowPlaying()}
      isDismissable
      className="fixed inset-0 z-40 bg-bg"
    >
      <Modal className="size-full outline-none">
        <Dialog
          aria-label={trans('Now playing')}
          className="flex size-full flex-col outline-none"
          data-testid="now-playing"
          data-player-shortcuts
        >
          <div className="flex items-center gap-2 px-4 pt-4">
            <IconButton aria-label={trans('Close')} onPress={closeNowPlaying}>
              <ChevronDownIcon aria-hidden />
            </IconButton>
            <div role="tablist" aria-label={trans('Now playing')} className="mx-auto flex gap-1">
              {tabs.map((tab) => (
                <button
                  key={tab.id}
                  type="button"
                  role="tab"
                  aria-selected={nowPlayingTab === tab.id}
                  onClick={() => setPlayerUi({ nowPlayingTab: tab.id })}
                  className={clsx(
                    'rounded-full px-3 py-1 text-sm',
                    nowPlayingTab === tab.id ? 'bg-fg text-bg' : 'text-muted hover:text-fg',
                  )}
                >
                  {tab.label}
                </button>
              ))}
            </div>
            <div className="size-10" />
          </div>
          {item && (
            <div className="flex min-h-0 flex-1 flex-col gap-6 p-6 md:flex-row md:items-center md:justify-center md:gap-12">
              <div
                className={clsx(
                  'flex flex-col items-center justify-center gap-4 max-md:flex-1',
                  nowPlayingTab !== 'artwork' && 'max-md:hidden',
                )}
              >
                <Artwork
                  src={trackArtwork(item.track)}
                  className="aspect-square w-full max-w-[min(28rem,70vw)] max-md:max-w-[min(100%,52dvh)]"
                  rounded="rounded-xl"
                />
              </div>
              {nowPlayingTab === 'lyrics' && (
                <div className="min-h-0 flex-1 overflow-y-auto md:max-w-xl">
                  <LyricsView trackId={item.track.id} isPlayingTrack />
                </div>
              )}
              {nowPlayingTab === 'queue' && <QueueList className="min-h-0 flex-1 md:max-w-xl" />}
            </div>
          )}
          {item && (
            <div className="mx-auto flex w-full max-w-3xl flex-col gap-2 px-6 pb-8">
              <div className="flex items-center gap-3">
                <div className="min-w-0 flex-1">
                  <Heading slot="title" className="truncate text-2xl font-bold">
                    {item.track.name}
                  </Heading>
                  <ArtistLinks artists={item.track.artists} className="block truncate text-muted" />
                </div>
                <LikeButton type="track" id={item.track.id} size="md" />
              </div>
              <SeekBar showWaveform={settings.seekbarType === 'waveform'} />
              <div className="flex items-center justify-center gap-4">
                <PlayerControls />
                <div className="max-md:hidden">
                  <VolumeControl />
                </div>
              </div>
            </div>
          )}
        </Dialog>
      </Modal>
    </ModalOverlay>
  );
}
