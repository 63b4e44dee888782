import { useTrans } from '@cadence/app-shell/use-trans';
import { Link } from 'react-router';
import { trackUrl } from '../catalogue/urls';
import { LikeButton } from '../library/like-button';
import { trackArtwork } from '../playback/player-track';
import { useCurrentItem } from '../playback/use-player';
import { ArtistLinks } from './artist-links';
import { openNowPlaying } from './player-ui-store';
import { Artwork } from './track-artwork';

/** Artwork, title, artists and like of the playing track; announced to screen readers on change. */
export function NowPlayingInfo() {
  const { trans } = useTrans();
  const item = useCurrentItem();
  if (!item) return <div className="min-w-0 flex-1" />;
  const { track } = item;
  return (
    <div className="flex min-w-0 flex-1 items-center gap-3">
      <button
        type="button"
        onClick={() => openNowPlaying()}
        aria-label={trans('Open now playing')}
        className="shrink-0 rounded-md outline-none focus-visible:ring-2 focus-visible:ring-focus"
      >
        {/* A right-sized variant: the row that started the track usually has it already (no
            request beside the first bytes of the stream, as the full-size file was). */}
        <Artwork src={trackArtwork(track)} className="size-14" sizes="3.5rem" />
      </button>
      <div className="min-w-0" aria-live="polite" aria-atomic>
        <Link
          to={trackUrl(track)}
          className="block truncate text-sm leading-6 font-medium hover:underline"
          data-testid="player-track-name"
        >
          {track.name}
        </Link>
        <ArtistLinks artists={track.artists} className="block truncate text-xs text-muted" />
      </div>
      <LikeButton type="track" id={track.id} />
    </div>
  );
}
