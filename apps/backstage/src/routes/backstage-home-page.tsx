import { useTrans } from '@cadence/app-shell/use-trans';
import { useQuery } from '@tanstack/react-query';
import ChevronRightIcon from 'lucide-react/icons/chevron-right';
import { Link } from 'react-router';
import { backstageOverviewQuery } from './backstage-queries';
import { MinutesMeter } from './minutes-meter';
import { REQUEST_TYPES } from './request-types';

const linkClass = 'text-primary underline';

/** /backstage: the artist's music and shortcuts, or the request types for a listener. */
export function BackstageHomePage() {
  const { trans } = useTrans();
  const overview = useQuery(backstageOverviewQuery());
  const data = overview.data;
  const isArtist = (data?.artists.length ?? 0) > 0;
  return (
    <section className="flex flex-col gap-8" data-testid="backstage-home">
      <div>
        <h1 className="text-2xl font-semibold">{trans('Backstage')}</h1>
        <p className="text-muted">
          {isArtist ? trans('Your music, your listeners.') : trans('What would you like to do?')}
        </p>
      </div>
      {isArtist && data && (
        <>
          <div className="flex flex-wrap gap-3">
            <Link to="/upload" className="rounded-button bg-primary px-4 py-2 text-on-primary">
              {trans('Upload music')}
            </Link>
            <Link to="/albums/new" className="rounded-button border border-divider px-4 py-2">
              {trans('New album')}
            </Link>
            <Link to="/tracks/new" className="rounded-button border border-divider px-4 py-2">
              {trans('New track')}
            </Link>
          </div>
          <MinutesMeter minutes={data.minutes} />
          <section aria-labelledby="artists-heading" className="flex flex-col gap-2">
            <h2 id="artists-heading" className="text-lg font-semibold">
              {trans('Artists')}
            </h2>
            <ul className="flex flex-col gap-1">
              {data.artists.map((artist) => (
                <li key={artist.id} className="flex flex-wrap items-center gap-4">
                  <span className="flex-1">{artist.name}</span>
                  <Link className={linkClass} to={`/artists/${artist.id}/edit`}>
                    {trans('Edit')}
                  </Link>
                  <Link className={linkClass} to={`/artists/${artist.id}/insights`}>
                    {trans('Insights')}
                  </Link>
                </li>
              ))}
            </ul>
          </section>
          <section aria-labelledby="albums-heading" className="flex flex-col gap-2">
            <h2 id="albums-heading" className="text-lg font-semibold">
              {trans('Albums')}
            </h2>
            {data.albums.length === 0 && <p className="text-sm text-muted">{trans('No albums yet.')}</p>}
            <ul className="flex flex-col gap-1">
              {data.albums.map((album) => (
                <li key={album.id} className="flex flex-wrap items-center gap-4">
                  <span className="flex-1">{album.name}</span>
                  <span className="text-sm text-muted">
                    {trans('{count, plural, one {# play} other {# plays}}', { count: String(album.plays) })}
                  </span>
                  <Link className={linkClass} to={`/albums/${album.id}/edit`}>
                    {trans('Edit')}
                  </Link>
                  <Link className={linkClass} to={`/albums/${album.id}/insights`}>
                    {trans('Insights')}
                  </Link>
                </li>
              ))}
            </ul>
          </section>
          <section aria-labelledby="tracks-heading" className="flex flex-col gap-2">
            <h2 id="tracks-heading" className="text-lg font-semibold">
              {trans('Tracks')}
            </h2>
            {data.tracks.length === 0 && <p className="text-sm text-muted">{trans('No tracks yet.')}</p>}
            <ul className="flex flex-col gap-1">
              {data.tracks.map((track) => (
                <li key={track.id} className="flex flex-wrap items-center gap-4">
                  <span className="flex-1">{track.name}</span>
                  <span className="text-sm text-muted">
                    {trans('{count, plural, one {# play} other {# plays}}', { count: String(track.plays) })}
                  </span>
                  <Link className={linkClass} to={`/tracks/${track.id}/edit`}>
                    {trans('Edit')}
                  </Link>
                  <Link className={linkClass} to={`/tracks/${track.id}/insights`}>
                    {trans('Insights')}
                  </Link>
                </li>
              ))}
            </ul>
          </section>
        </>
      )}
      {data && data.requests.length > 0 && (
        <section aria-labelledby="requests-heading" className="flex flex-col gap-2">
          <h2 id="requests-heading" className="text-lg font-semibold">
            {trans('Your requests')}
          </h2>
          <ul className="flex flex-col gap-1">
            {data.requests.map((request) => (
              <li key={request.id}>
                <Link className={linkClass} to={`/requests/${request.id}/request-submitted`}>
                  {trans(REQUEST_TYPES.find((type) => type.type === request.type)?.title ?? request.type)}
                </Link>{' '}
                <span className="text-sm text-muted">({trans(request.status)})</span>
              </li>
            ))}
          </ul>
        </section>
      )}
      <section aria-labelledby="request-types-heading" className="flex flex-col gap-3">
        <h2 id="request-types-heading" className="text-lg font-semibold">
          {trans('Artist requests')}
        </h2>
        <ul className="flex flex-col gap-3">
          {REQUEST_TYPES.map((type) => (
            <li key={type.path}>
              <Link
                to={type.path}
                className="flex items-center gap-4 rounded-panel border border-divider p-4 hover:bg-fg-base/5"
              >
                <div className="flex-1">
                  <p className="font-medium">{trans(type.title)}</p>
                  <p className="text-sm text-muted">{trans(type.description)}</p>
                </div>
                <ChevronRightIcon aria-hidden className="size-5 text-muted" />
              </Link>
            </li>
          ))}
        </ul>
      </section>
    </section>
  );
}
