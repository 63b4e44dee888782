import { useTrans } from '@cadence/app-shell/use-trans';
import { parseLrc } from '@cadence/contracts/lrc';
import { useQuery } from '@tanstack/react-query';
import { clsx } from 'clsx';
import { useEffect, useMemo, useRef } from 'react';
import { usePlayerState, usePlayerStore } from '../playback/use-player';
import { activeLineIndex } from './active-line';
import { lyricsQuery } from './lyrics-query';

/** Lyrics of a track; synced (LRC) lyrics highlight and follow the playing line. */
export function LyricsView({ trackId, isPlayingTrack }: { trackId: number; isPlayingTrack: boolean }) {
  const { trans } = useTrans();
  const { data: lyrics, isPending, isError } = useQuery(lyricsQuery(trackId));
  const lines = useMemo(() => (lyrics?.synced ? parseLrc(lyrics.text) : []), [lyrics]);
  if (isPending) return <p className="animate-pulse text-muted">{trans('Loading lyrics...')}</p>;
  if (isError) return <p className="text-muted">{trans('Could not load the lyrics.')}</p>;
  if (!lyrics) return <p className="text-muted">{trans('No lyrics for this track yet.')}</p>;
  if (lines.length > 0 && isPlayingTrack) return <SyncedLyrics lines={lines} />;
  const text = lyrics.synced ? lines.map((line) => line.text).join('\n') : lyrics.text;
  return <p className="text-lg leading-relaxed whitespace-pre-line">{text}</p>;
}

function SyncedLyrics({ lines }: { lines: ReturnType<typeof parseLrc> }) {
  const player = usePlayerStore();
  const active = usePlayerState((state) => activeLineIndex(lines, state.position * 1000));
  const listRef = useRef<HTMLOListElement>(null);
  useEffect(() => {
    const element = listRef.current?.children[Math.max(active, 0)];
    element?.scrollIntoView?.({ block: 'center', behavior: 'smooth' });
  }, [active]);
  return (
    <ol ref={listRef} className="flex flex-col gap-3 text-2xl font-bold" data-testid="synced-lyrics">
      {lines.map((line, index) => (
        <li key={`${line.time_ms}-${index}`} aria-current={index === active ? 'true' : undefined}>
          <button
            type="button"
            onClick={() => player.seek(line.time_ms / 1000)}
            className={clsx(
              'text-left transition-colors hover:text-fg',
              index === active ? 'text-fg' : index < active ? 'text-muted/70' : 'text-muted',
            )}
          >
            {line.text || '♪'}
          </button>
        </li>
      ))}
    </ol>
  );
}
