import { useTrans } from '@cadence/app-shell/use-trans';
import { clsx } from 'clsx';
import { absoluteUrl } from '../catalogue/urls';
import { AudioHost } from '../playback/audio-host';
import { type TPlayerTrack, trackArtwork } from '../playback/player-track';
import { useCurrentItem } from '../playback/use-player';
import { PlayerControls } from '../player-ui/player-controls';
import { SeekBar } from '../player-ui/seek-bar';
import { Artwork } from '../player-ui/track-artwork';
import { TrackTable } from '../tracks/track-table';

/**
 * Compact player for iframes on other sites: no shell, links open the full player in a new tab.
 * `title`/`subtitle` name what it plays (an album and its artists, or a track and its artists).
 */
export function EmbedPlayer({
  title,
  subtitle,
  image,
  tracks,
  link,
}: {
  title: string;
  subtitle: string;
  image: string | null;
  tracks: TPlayerTrack[];
  link: string;
}) {
  const { trans } = useTrans();
  const current = useCurrentItem();
  const shown = current?.track ?? tracks[0];
  const isCollection = tracks.length > 1;
  return (
    <div
      className="flex h-dvh flex-col gap-3 overflow-hidden bg-bg p-3 font-sans text-fg"
      data-testid="embed-player"
    >
      <div className="flex items-center gap-3">
        <Artwork src={(shown && trackArtwork(shown)) ?? image} className="size-24" />
        <div className="min-w-0 flex-1">
          {/* What the embed plays, in text: the album (or track) and its artists, whatever is playing. */}
          <h1 className="truncate text-lg font-bold">
            <a href={absoluteUrl(link)} target="_blank" rel="noreferrer" className="hover:underline">
              {title}
            </a>
          </h1>
          <p className="truncate text-sm text-muted">{subtitle}</p>
          {isCollection && current && (
            <p className="truncate text-xs text-muted" data-testid="embed-now-playing">
              {trans('Now playing')}: {current.track.name} -{' '}
              {current.track.artists.map((artist) => artist.name).join(', ')}
            </p>
          )}
          <SeekBar />
        </div>
      </div>
      <PlayerControls className={clsx(!current && 'opacity-80')} />
      {isCollection && (
        <div className="min-h-0 flex-1 overflow-y-auto">
          <TrackTable tracks={tracks} isCompact showArtwork={false} hideAlbum aria-label={title} />
        </div>
      )}
      <span className="sr-only">{trans('Embedded player')}</span>
      <AudioHost source="embed" />
    </div>
  );
}
