import { icon } from '@cadence/app-shell/icon';
import { useTrans } from '@cadence/app-shell/use-trans';
import { PlainIconButton } from '@cadence/ui/plain-icon-button';
import { Spinner } from '@cadence/ui/spinner';
import { clsx } from 'clsx';
import { usePlayerState, usePlayerStore } from '../playback/use-player';

export function PlayPauseButton({
  size = 'md',
  className,
}: {
  size?: 'sm' | 'md' | 'lg';
  className?: string;
}) {
  const { trans } = useTrans();
  const player = usePlayerStore();
  const isPlaying = usePlayerState((state) => state.isPlaying);
  const isBuffering = usePlayerState((state) => state.isBuffering && state.isPlaying);
  const hasTrack = usePlayerState((state) => state.queue.currentIndex >= 0);
  return (
    <PlainIconButton
      variant="primary"
      size={size}
      aria-label={isPlaying ? trans('Pause') : trans('Play')}
      isDisabled={!hasTrack}
      onPress={player.togglePlay}
      className={clsx('bg-fg text-bg hover:bg-fg/90', className)}
      data-testid="player-toggle"
    >
      {isBuffering ? (
        <Spinner size="xs" color="current" label={trans('Loading')} />
      ) : (
        icon(isPlaying ? 'pause' : 'play', { fill: 'currentColor' })
      )}
    </PlainIconButton>
  );
}

export function PlayerControls({ className }: { className?: string }) {
  const { trans } = useTrans();
  const player = usePlayerStore();
  const isShuffled = usePlayerState((state) => state.queue.isShuffled);
  const repeat = usePlayerState((state) => state.queue.repeat);
  const hasTrack = usePlayerState((state) => state.queue.currentIndex >= 0);
  const repeatLabel = { off: trans('Repeat: off'), all: trans('Repeat: all'), one: trans('Repeat: one') }[
    repeat
  ];
  return (
    <div className={clsx('flex items-center justify-center gap-2', className)}>
      <PlainIconButton
        size="sm"
        aria-label={trans('Shuffle')}
        aria-pressed={isShuffled}
        onPress={player.toggleShuffle}
        className={clsx(isShuffled && 'text-primary')}
      >
        {icon('shuffle')}
      </PlainIconButton>
      <PlainIconButton
        size="sm"
        aria-label={trans('Previous')}
        isDisabled={!hasTrack}
        onPress={player.previous}
      >
        {icon('skip-back', { fill: 'currentColor' })}
      </PlainIconButton>
      <PlayPauseButton />
      <PlainIconButton
        size="sm"
        aria-label={trans('Next')}
        isDisabled={!hasTrack}
        onPress={player.next}
        data-testid="player-next"
      >
        {icon('skip-forward', { fill: 'currentColor' })}
      </PlainIconButton>
      <PlainIconButton
        size="sm"
        aria-label={repeatLabel}
        onPress={player.cycleRepeat}
        className={clsx(repeat !== 'off' && 'text-primary')}
        data-testid="player-repeat"
        data-repeat={repeat}
      >
        {repeat === 'one' ? icon('repeat-1') : icon('repeat')}
      </PlainIconButton>
    </div>
  );
}
