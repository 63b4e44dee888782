import { useTrans } from '@cadence/app-shell/use-trans';
import MicVocalIcon from 'lucide-react/icons/mic-vocal';
import { Link } from 'react-router';
import { EmptyState } from '../features/catalogue/page-states';
import { trackUrl } from '../features/catalogue/urls';
import { LyricsView } from '../features/lyrics/lyrics-view';
import { trackArtwork } from '../features/playback/player-track';
import { useCurrentItem } from '../features/playback/use-player';
import { ArtistLinks } from '../features/player-ui/artist-links';
import { Artwork } from '../features/player-ui/track-artwork';

/** /lyrics: the words of what is playing now, following the line when they are synced. */
export function LyricsPage() {
  const { trans } = useTrans();
  const item = useCurrentItem();
  if (!item) {
    return (
      <EmptyState
        icon={<MicVocalIcon aria-hidden />}
        title={trans('Nothing is playing')}
        description={trans('Play a song to see its lyrics here.')}
        action={
          <Link to="/" className="text-primary hover:underline">
            {trans('Browse music')}
          </Link>
        }
      />
    );
  }
  const { track } = item;
  return (
    <div className="mx-auto flex max-w-3xl flex-col gap-8 p-6" data-testid="lyrics-page">
      <header className="flex items-center gap-4">
        <Artwork src={trackArtwork(track)} className="size-20 shadow-lg" />
        <div className="min-w-0">
          <span className="text-xs font-semibold tracking-wide uppercase">{trans('Lyrics')}</span>
          <h1 className="truncate text-3xl font-black">
            <Link to={trackUrl(track)} className="hover:underline">
              {track.name}
            </Link>
          </h1>
          <ArtistLinks artists={track.artists} className="text-muted" />
        </div>
      </header>
      <LyricsView key={track.id} trackId={track.id} isPlayingTrack />
    </div>
  );
}
