import { useTrans } from '@cadence/app-shell/use-trans';
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { Link, useParams } from 'react-router';
import { radioQuery, trackQuery } from '../features/catalogue/catalogue-queries';
import { CollectionActions } from '../features/catalogue/collection-actions';
import { allItems } from '../features/catalogue/infinite-list';
import { MediaHeader } from '../features/catalogue/media-header';
import { ErrorState, PageSkeleton } from '../features/catalogue/page-states';
import { toPlayerTrack } from '../features/catalogue/to-player-track';
import { albumUrl, genreUrl, radioUrl, tagUrl, trackEmbedUrl, trackUrl } from '../features/catalogue/urls';
import { CommentForm } from '../features/comments/comment-form';
import { CommentList } from '../features/comments/comment-list';
import { commentsQuery, timedComments, useAreCommentsEnabled } from '../features/comments/comment-queries';
import { useListenerSettings } from '../features/listener-settings/listener-settings';
import { LyricsView } from '../features/lyrics/lyrics-view';
import type { TPlayerTrack } from '../features/playback/player-track';
import { useCurrentItem } from '../features/playback/use-player';
import { ArtistLinks } from '../features/player-ui/artist-links';
import { formatDurationMs } from '../features/player-ui/format-time';
import { playFrom } from '../features/tracks/play-from';
import { TrackTable } from '../features/tracks/track-table';
import { TrackWaveform } from '../features/tracks/track-waveform';

export function TrackPage() {
  const { trans } = useTrans();
  const { hideRadioButton } = useListenerSettings();
  const id = Number(useParams().trackId);
  const query = useQuery(trackQuery(id));
  const track = query.data?.track;
  const playerTrack = useMemo(() => (track ? toPlayerTrack(track) : null), [track]);
  const current = useCurrentItem();
  const areCommentsEnabled = useAreCommentsEnabled();
  const commentPages = useInfiniteQuery({ ...commentsQuery('track', id), enabled: areCommentsEnabled });
  const comments = allItems(commentPages.data);
  if (query.isPending) return <PageSkeleton />;
  if (query.isError || !track || !playerTrack)
    return <ErrorState error={query.error} onRetry={() => void query.refetch()} />;
  const isPlayingTrack = current?.track.id === track.id;
  return (
    <div data-testid="track-page">
      <MediaHeader
        image={playerTrack.image ?? track.album?.image ?? null}
        label={trans('Track')}
        title={track.name}
        meta={
          <>
            <ArtistLinks artists={track.artists} className="font-medium text-fg" />
            {track.album && (
              <Link to={albumUrl(track.album, track.artists[0]?.name)} className="hover:underline">
                · {track.album.name}
              </Link>
            )}
            <span>· {formatDurationMs(track.duration)}</span>
            <span>· {trans('{count, plural, one {# play} other {# plays}}', { count: track.plays })}</span>
          </>
        }
        actions={
          <>
            <CollectionActions
              tracks={[playerTrack]}
              hideShuffle
              like={{ type: 'track', id: track.id }}
              repost={{ type: 'track', id: track.id }}
              share={{ title: track.name, path: trackUrl(track), embedPath: trackEmbedUrl(track) }}
              report={{ type: 'track', id: track.id, name: track.name }}
            />
            {!hideRadioButton && (
              <Link to={radioUrl('track', track)} className="text-sm text-muted hover:text-fg">
                {trans('Go to track radio')}
              </Link>
            )}
          </>
        }
      />
      <div className="flex flex-col gap-8 px-6 pb-10">
        <div className="max-w-4xl">
          <TrackWaveform
            track={playerTrack}
            comments={areCommentsEnabled ? timedComments(comments, track.duration ?? 0) : []}
          />
        </div>
        {((track.genres?.length ?? 0) > 0 || (track.tags?.length ?? 0) > 0) && (
          <div className="flex flex-wrap gap-2">
            {track.genres?.map((genre) => (
              <Link
                key={`genre-${genre.id}`}
                to={genreUrl(genre)}
                className="rounded-full bg-chip px-3 py-1 text-sm hover:bg-fg-base/10"
              >
                {genre.display_name ?? genre.name}
              </Link>
            ))}
            {track.tags?.map((tag) => (
              <Link
                key={`tag-${tag.id}`}
                to={tagUrl(tag)}
                className="rounded-full px-3 py-1 text-sm text-muted hover:bg-fg-base/10 hover:text-fg"
              >
                #{tag.display_name ?? tag.name}
              </Link>
            ))}
          </div>
        )}
        {track.description && <p className="max-w-3xl whitespace-pre-line text-muted">{track.description}</p>}
        <section aria-labelledby="lyrics-heading" className="max-w-3xl">
          <h2 id="lyrics-heading" className="mb-3 text-xl font-bold">
            {trans('Lyrics')}
          </h2>
          <LyricsView trackId={track.id} isPlayingTrack={isPlayingTrack} />
        </section>
        <SimilarTracks track={playerTrack} />
        {areCommentsEnabled && (
          <section aria-labelledby="comments-heading" className="flex max-w-3xl flex-col gap-4">
            <h2 id="comments-heading" className="text-xl font-bold">
              {trans('Comments')}
            </h2>
            <CommentForm type="track" id={track.id} />
            <CommentList type="track" id={track.id} onSeek={(ms) => playFrom(playerTrack, ms / 1000)} />
          </section>
        )}
      </div>
    </div>
  );
}

/** The first tracks of this track's radio, minus the track itself. */
function SimilarTracks({ track }: { track: TPlayerTrack }) {
  const { trans } = useTrans();
  const query = useQuery({ ...radioQuery('track', String(track.id)), staleTime: 5 * 60_000 });
  const tracks = useMemo(
    () =>
      (query.data?.tracks ?? [])
        .filter((item) => item.id !== track.id)
        .slice(0, 10)
        .map((item) => toPlayerTrack(item)),
    [query.data, track.id],
  );
  if (tracks.length === 0) return null;
  return (
    <section aria-labelledby="similar-tracks-heading">
      <h2 id="similar-tracks-heading" className="mb-3 text-xl font-bold">
        {trans('Similar tracks')}
      </h2>
      <TrackTable tracks={tracks} aria-label={trans('Similar tracks')} />
    </section>
  );
}
