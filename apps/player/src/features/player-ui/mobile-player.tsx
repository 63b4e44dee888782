import { useTrans } from '@cadence/app-shell/use-trans';
import { PartyBarItem } from '../parties/party-bar-item';
import { trackArtwork } from '../playback/player-track';
import { useCurrentItem, usePlayerState } from '../playback/use-player';
import { PlayPauseButton } from './player-controls';
import { openNowPlaying } from './player-ui-store';
import { Artwork } from './track-artwork';

/** Mobile (<= 768 px): a mini player above the mobile-bottom menu that opens the now-playing sheet. */
export function MobilePlayer() {
  const { trans } = useTrans();
  const item = useCurrentItem();
  const progress = usePlayerState((state) =>
    state.duration > 0 ? (state.position / state.duration) * 100 : 0,
  );
  if (!item) return null;
  return (
    <section
      aria-label={trans('Player')}
      className="relative flex items-center gap-3 border-t border-divider bg-bg-alt px-3 py-2 md:hidden"
      data-testid="mobile-player"
    >
      <button
        type="button"
        onClick={() => openNowPlaying()}
        className="flex min-w-0 flex-1 items-center gap-3 text-left"
      >
        <Artwork src={trackArtwork(item.track)} className="size-11" sizes="2.75rem" />
        {/* Named by its content, the visible title and artists included (WCAG 2.5.3). */}
        <span className="sr-only">{trans('Open now playing')}:</span>{' '}
        <span className="min-w-0">
          <span className="block truncate text-sm font-medium">{item.track.name}</span>
          <span className="block truncate text-xs text-muted">
            {item.track.artists.map((artist) => artist.name).join(', ')}
          </span>
        </span>
      </button>
      <PartyBarItem isCompact />
      <PlayPauseButton size="sm" />
      <div className="absolute inset-x-0 bottom-0 h-0.5 bg-fg-base/10" aria-hidden>
        <div className="h-full bg-primary" style={{ width: `${progress}%` }} />
      </div>
    </section>
  );
}
