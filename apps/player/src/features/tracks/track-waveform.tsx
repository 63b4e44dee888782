import { useTrans } from '@cadence/app-shell/use-trans';
import type { TComment } from '@cadence/contracts/comment';
import type { TPlayerTrack } from '../playback/player-track';
import { usePlayerState } from '../playback/use-player';
import { formatTime } from '../player-ui/format-time';
import { Artwork } from '../player-ui/track-artwork';
import { Waveform } from '../player-ui/waveform';
import { playFrom } from './play-from';

/**
 * The track page's waveform: shows the progress when this track plays, a slider (click or keys)
 * to play from a moment, and the timestamped comments as avatars at their moment. `isReadOnly`
 * (a listening party, whose timeline only the host moves) keeps the picture and the comments
 * without the slider or the comments' jumps.
 */
export function TrackWaveform({
  track,
  comments = [],
  isReadOnly = false,
}: {
  track: TPlayerTrack;
  comments?: TComment[];
  isReadOnly?: boolean;
}) {
  const { trans } = useTrans();
  const isCurrent = usePlayerState(
    (state) => state.queue.items[state.queue.currentIndex]?.track.id === track.id,
  );
  const position = usePlayerState((state) => (isCurrent ? state.position : 0));
  const audioDuration = usePlayerState((state) => (isCurrent ? state.duration : 0));
  const durationS = audioDuration > 0 ? audioDuration : (track.duration ?? 0) / 1000;
  const percent = durationS > 0 ? Math.min(100, (position / durationS) * 100) : 0;
  return (
    <div className="relative pb-7" data-testid="track-waveform">
      <Waveform
        trackId={track.id}
        percent={percent}
        className="h-16"
        seek={
          isReadOnly
            ? undefined
            : {
                label: trans('Seek'),
                position,
                duration: durationS,
                onSeek: (seconds) => playFrom(track, seconds),
              }
        }
      />
      {durationS > 0 &&
        comments.map((comment) => {
          const left = Math.min(100, ((comment.position_ms ?? 0) / 1000 / durationS) * 100);
          return (
            <button
              key={comment.id}
              type="button"
              className="group absolute bottom-0 -translate-x-1/2"
              style={{ left: `${left}%` }}
              onClick={isReadOnly ? undefined : () => playFrom(track, (comment.position_ms ?? 0) / 1000)}
              aria-label={trans(':name at :time: :content', {
                name: comment.user?.name ?? '',
                time: formatTime((comment.position_ms ?? 0) / 1000),
                content: comment.content,
              })}
              data-testid="waveform-comment"
            >
              <Artwork src={comment.user?.image} className="size-6 ring-2 ring-bg" rounded="rounded-full" />
              <span className="pointer-events-none absolute bottom-8 left-1/2 z-20 hidden w-max max-w-64 -translate-x-1/2 rounded-md bg-bg-alt px-2 py-1 text-left text-xs shadow-lg group-hover:block group-focus-visible:block">
                {/* The words of the button's name, so what is seen is what is said (WCAG 2.5.3). */}
                <span className="font-medium">{comment.user?.name ?? ''}</span>{' '}
                {trans('at :time: :content', {
                  time: formatTime((comment.position_ms ?? 0) / 1000),
                  content: comment.content,
                })}
              </span>
            </button>
          );
        })}
    </div>
  );
}
