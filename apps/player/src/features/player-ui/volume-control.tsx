import { icon } from '@cadence/app-shell/icon';
import { useTrans } from '@cadence/app-shell/use-trans';
import { PlainIconButton } from '@cadence/ui/plain-icon-button';
import { usePlayerState, usePlayerStore } from '../playback/use-player';

export function VolumeControl() {
  const { trans } = useTrans();
  const player = usePlayerStore();
  const volume = usePlayerState((state) => state.volume);
  const isMuted = usePlayerState((state) => state.isMuted);
  const shown = isMuted ? 0 : volume;
  const iconName = shown === 0 ? 'volume-x' : shown < 50 ? 'volume-1' : 'volume-2';
  return (
    <div className="flex items-center gap-1">
      <PlainIconButton
        size="sm"
        aria-label={isMuted ? trans('Unmute') : trans('Mute')}
        onPress={player.toggleMute}
      >
        {icon(iconName)}
      </PlainIconButton>
      <input
        type="range"
        min={0}
        max={100}
        step={1}
        value={shown}
        aria-label={trans('Volume')}
        aria-valuetext={isMuted ? trans('Muted') : `${shown}%`}
        onChange={(event) => player.setVolume(Number(event.target.value))}
        className="h-1 w-24 cursor-pointer accent-primary"
      />
    </div>
  );
}
