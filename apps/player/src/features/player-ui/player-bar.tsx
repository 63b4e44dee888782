import { icon } from '@cadence/app-shell/icon';
import { useTrans } from '@cadence/app-shell/use-trans';
import { PlainIconButton } from '@cadence/ui/plain-icon-button';
import { clsx } from 'clsx';
import { PartyBarItem } from '../parties/party-bar-item';
import type { TPlayerSettings } from '../playback/player-settings';
import { NowPlayingInfo } from './now-playing-info';
import { PlayerControls } from './player-controls';
import { openNowPlaying, toggleQueuePanel, usePlayerUi } from './player-ui-store';
import { SeekBar } from './seek-bar';
import { VolumeControl } from './volume-control';

/** The desktop player bar (player-ux): track on the left, transport in the middle, the rest right. */
export function PlayerBar({ settings }: { settings: TPlayerSettings }) {
  const { trans } = useTrans();
  const { isQueueOpen } = usePlayerUi();
  return (
    <section
      aria-label={trans('Player')}
      className="hidden h-22 shrink-0 items-center gap-4 border-t border-divider bg-bg-alt px-4 md:flex"
      data-testid="player-bar"
    >
      <div className="flex w-[30%] min-w-0">
        <NowPlayingInfo />
      </div>
      <div className="flex max-w-2xl flex-1 flex-col items-center">
        <PlayerControls />
        <SeekBar showWaveform={settings.seekbarType === 'waveform'} />
      </div>
      <div className="flex w-[30%] items-center justify-end gap-1">
        <PartyBarItem />
        {!settings.hideQueue && (
          <PlainIconButton
            size="sm"
            aria-label={trans('Queue')}
            aria-pressed={isQueueOpen}
            onPress={toggleQueuePanel}
            className={clsx(isQueueOpen && 'text-primary')}
            data-testid="queue-toggle"
          >
            {icon('list-music')}
          </PlainIconButton>
        )}
        {!settings.hideLyrics && (
          <PlainIconButton size="sm" aria-label={trans('Lyrics')} onPress={() => openNowPlaying('lyrics')}>
            {icon('mic-vocal')}
          </PlainIconButton>
        )}
        <VolumeControl />
        <PlainIconButton size="sm" aria-label={trans('Fullscreen')} onPress={() => openNowPlaying()}>
          {icon('maximize-2')}
        </PlainIconButton>
      </div>
    </section>
  );
}
