import type { TWaveResponse } from '@cadence/contracts/track';
import { apiClient } from '@cadence/http-client/http-client';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { clsx } from 'clsx';
import type { KeyboardEvent, MouseEvent } from 'react';
import { formatTime } from './format-time';

export const waveQuery = (trackId: number) =>
  queryOptions({
    queryKey: ['tracks', trackId, 'wave'],
    queryFn: ({ signal }) => apiClient.get<TWaveResponse>(`tracks/${trackId}/wave`, { signal }),
    staleTime: Number.POSITIVE_INFINITY,
    meta: { silentError: true },
    retry: false,
  });

/** Downsamples the stored peaks to `bars` columns (max of each bucket), scaled to 0-1. */
export function toBars(peaks: number[], bars: number): number[] {
  if (peaks.length === 0) return [];
  const size = peaks.length / bars;
  const out: number[] = [];
  for (let i = 0; i < bars; i++) {
    const bucket = peaks.slice(
      Math.floor(i * size),
      Math.max(Math.floor((i + 1) * size), Math.floor(i * size) + 1),
    );
    out.push(Math.max(0, ...bucket.map(Math.abs)));
  }
  const top = Math.max(...out) || 1;
  return out.map((bar) => bar / top);
}

export type WaveformSeek = {
  /** The slider's accessible name. */
  label: string;
  /** Seconds. */
  position: number;
  /** Seconds. */
  duration: number;
  onSeek: (seconds: number) => void;
};

const KEY_STEP_S = 5;
const PAGE_STEP = 0.1;

/** Where a key moves the slider to, or null for keys it does not handle. */
function keyTarget(key: string, position: number, duration: number): number | null {
  const moves: Record<string, number> = {
    ArrowLeft: position - KEY_STEP_S,
    ArrowDown: position - KEY_STEP_S,
    ArrowRight: position + KEY_STEP_S,
    ArrowUp: position + KEY_STEP_S,
    PageDown: position - duration * PAGE_STEP,
    PageUp: position + duration * PAGE_STEP,
    Home: 0,
    End: duration,
  };
  const target = moves[key];
  return target === undefined ? null : Math.min(duration, Math.max(0, target));
}

/**
 * Peaks drawn as bars; the played part takes the primary colour. Falls back to a line. With
 * `seek` it is a slider: click a moment, or Left/Right (5 s), PageUp/PageDown (10 %), Home/End.
 */
export function Waveform({
  trackId,
  percent,
  className = 'h-8',
  seek,
}: {
  trackId: number;
  percent: number;
  className?: string;
  seek?: WaveformSeek;
}) {
  const { data } = useQuery(waveQuery(trackId));
  const bars = data ? toBars(data.waveform, 120) : [];
  const picture =
    bars.length === 0 ? (
      <div className="h-1 w-full overflow-hidden rounded-full bg-fg-base/20">
        <div className="h-full bg-fg" style={{ width: `${percent}%` }} />
      </div>
    ) : (
      <div className={clsx('flex w-full items-center gap-px', className)} data-testid="waveform" aria-hidden>
        {bars.map((bar, index) => (
          <div
            key={index}
            className={(index / bars.length) * 100 < percent ? 'flex-1 bg-primary' : 'flex-1 bg-fg-base/25'}
            style={{ height: `${Math.max(8, bar * 100)}%` }}
          />
        ))}
      </div>
    );
  if (!seek) return picture;
  const { duration, position, onSeek } = seek;
  const isSeekable = duration > 0;
  const onClick = (event: MouseEvent<HTMLDivElement>) => {
    if (!isSeekable) return;
    const rect = event.currentTarget.getBoundingClientRect();
    onSeek(Math.min(1, Math.max(0, (event.clientX - rect.left) / rect.width)) * duration);
  };
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const target = isSeekable ? keyTarget(event.key, position, duration) : null;
    if (target === null) return;
    event.preventDefault();
    onSeek(target);
  };
  return (
    <div
      role="slider"
      tabIndex={0}
      aria-label={seek.label}
      aria-valuemin={0}
      aria-valuemax={Math.round(duration)}
      aria-valuenow={Math.round(Math.min(position, duration))}
      aria-valuetext={`${formatTime(position)} / ${formatTime(duration)}`}
      aria-disabled={!isSeekable || undefined}
      onClick={onClick}
      onKeyDown={onKeyDown}
      className={clsx(
        'flex min-h-6 w-full items-center rounded-sm outline-none focus-visible:ring-2 focus-visible:ring-primary focus-visible:ring-offset-2 focus-visible:ring-offset-bg',
        isSeekable && 'cursor-pointer',
      )}
    >
      {picture}
    </div>
  );
}
