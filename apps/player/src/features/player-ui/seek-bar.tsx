import { useTrans } from '@cadence/app-shell/use-trans';
import { clsx } from 'clsx';
import { lazy, Suspense, useState } from 'react';
import { usePlayerState, usePlayerStore } from '../playback/use-player';
import { formatTime } from './format-time';

// Only sites that choose the waveform seek bar (and only once a track plays) load it.
const Waveform = lazy(() => import('./waveform').then((m) => ({ default: m.Waveform })));

/**
 * A native range input (keyboard and screen readers for free) styled as the seek bar; while
 * dragging it shows the dragged time and seeks once on release.
 */
export function SeekBar({ showWaveform = false, className }: { showWaveform?: boolean; className?: string }) {
  const { trans } = useTrans();
  const player = usePlayerStore();
  const position = usePlayerState((state) => state.position);
  const duration = usePlayerState((state) => state.duration);
  const trackId = usePlayerState((state) => state.queue.items[state.queue.currentIndex]?.track.id);
  const [dragValue, setDragValue] = useState<number | null>(null);
  const value = dragValue ?? position;
  const max = Math.max(duration, 0);
  const percent = max > 0 ? Math.min(100, (value / max) * 100) : 0;
  const commit = () => {
    if (dragValue === null) return;
    player.seek(dragValue);
    setDragValue(null);
  };
  return (
    <div className={clsx('flex w-full items-center gap-2 text-xs text-muted tabular-nums', className)}>
      <span className="w-10 text-right" data-testid="player-position">
        {formatTime(value)}
      </span>
      <div className="group relative flex h-8 flex-1 items-center">
        {showWaveform && trackId !== undefined ? (
          <Suspense fallback={<LineTrack percent={percent} />}>
            <Waveform trackId={trackId} percent={percent} />
          </Suspense>
        ) : (
          <LineTrack percent={percent} />
        )}
        <input
          type="range"
          min={0}
          max={max || 1}
          step="any"
          value={max ? value : 0}
          disabled={!max}
          aria-label={trans('Seek')}
          aria-valuetext={`${formatTime(value)} / ${formatTime(max)}`}
          onChange={(event) => setDragValue(Number(event.target.value))}
          onPointerUp={commit}
          onKeyUp={commit}
          onBlur={commit}
          className="absolute inset-0 w-full cursor-pointer opacity-0 disabled:cursor-default"
        />
      </div>
      <span className="w-10" data-testid="player-duration">
        {formatTime(max)}
      </span>
    </div>
  );
}

function LineTrack({ percent }: { percent: number }) {
  return (
    <div className="h-1 w-full overflow-hidden rounded-full bg-fg-base/20">
      <div className="h-full bg-fg group-hover:bg-primary" style={{ width: `${percent}%` }} />
    </div>
  );
}
