import { AppLink } from '@cadence/app-shell/app-link';
import { useTrans } from '@cadence/app-shell/use-trans';
import type { TBackstageOverview } from '@cadence/contracts/backstage';
import { apiClient } from '@cadence/http-client/http-client';
import { UploadFlow } from '@cadence/music-forms/upload-flow';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { Link } from 'react-router';
import { MinutesMeter } from './minutes-meter';

/**
 * /backstage/upload (spec 2.10; music.create): the shared upload flow, published under the
 * artists the user manages (the first one unless the user changes the choice).
 */
export function UploadPage() {
  const { trans } = useTrans();
  const queryClient = useQueryClient();
  const overview = useQuery({
    queryKey: ['backstage', 'overview'],
    queryFn: () => apiClient.get<TBackstageOverview>('backstage/overview'),
  });
  const [artistIds, setArtistIds] = useState<number[] | null>(null);
  const artists = overview.data?.artists ?? [];
  const chosenArtists = artistIds ?? (artists[0] ? [artists[0].id] : []);
  const noArtistId = useId();
  const hasNoArtist = overview.isSuccess && artists.length === 0;
  const pendingRequest = overview.data?.requests.find((request) => request.status === 'pending');

  return (
    <section className="flex flex-col gap-6" data-testid="backstage-upload">
      <div>
        <h1 className="text-2xl font-semibold">{trans('Upload')}</h1>
        <p className="text-muted">
          {trans('Upload your tracks, check what we read from them, and publish.')}
        </p>
      </div>
      {overview.data && <MinutesMeter minutes={overview.data.minutes} />}
      {hasNoArtist && (
        <div
          id={noArtistId}
          className="flex flex-col gap-1 rounded-panel border border-divider p-3 text-sm"
          data-testid="no-artist-profile"
        >
          <p>
            {trans(
              'Music is published under an artist profile, and you do not manage one yet, so you cannot publish.',
            )}
          </p>
          {pendingRequest ? (
            <p>
              {trans('Your request is waiting for review. We will notify you when it is handled.')}{' '}
              <Link
                className="text-primary underline"
                to={`/requests/${pendingRequest.id}/request-submitted`}
              >
                {trans('View request')}
              </Link>
            </p>
          ) : (
            <p className="flex flex-wrap gap-x-3">
              <AppLink href="/become-artist" className="text-primary underline">
                {trans('Become an artist')}
              </AppLink>
              <AppLink href="/claim-artist" className="text-primary underline">
                {trans('Claim an existing artist')}
              </AppLink>
            </p>
          )}
        </div>
      )}
      <UploadFlow
        artistIds={chosenArtists}
        onPublished={() => queryClient.invalidateQueries({ queryKey: ['backstage', 'overview'] })}
        artistField={
          <fieldset className="flex flex-col gap-1" aria-describedby={hasNoArtist ? noArtistId : undefined}>
            <legend className="mb-1 text-sm font-medium">{trans('Artists')}</legend>
            {hasNoArtist && (
              <p className="text-sm text-muted">{trans('You need an artist profile to publish.')}</p>
            )}
            {artists.map((artist) => (
              <label key={artist.id} className="flex items-center gap-2 text-sm">
                <input
                  type="checkbox"
                  className="accent-primary"
                  checked={chosenArtists.includes(artist.id)}
                  onChange={(event) =>
                    setArtistIds(
                      event.target.checked
                        ? [...chosenArtists, artist.id]
                        : chosenArtists.filter((id) => id !== artist.id),
                    )
                  }
                />
                {artist.name}
              </label>
            ))}
          </fieldset>
        }
        renderPublishedLinks={(published) =>
          published.album_id ? (
            <>
              <li>
                <Link className="text-primary underline" to={`/albums/${published.album_id}/edit`}>
                  {trans('Edit the album')}
                </Link>
              </li>
              <li>
                <Link className="text-primary underline" to={`/albums/${published.album_id}/insights`}>
                  {trans('Album insights')}
                </Link>
              </li>
            </>
          ) : (
            published.track_ids.map((id) => (
              <li key={id}>
                <Link className="text-primary underline" to={`/tracks/${id}/edit`}>
                  {trans('Edit track :id', { id: String(id) })}
                </Link>
              </li>
            ))
          )
        }
      />
    </section>
  );
}
