import { Fragment } from 'react';
import { Link } from 'react-router';
import { artistUrl } from '../catalogue/urls';

export function ArtistLinks({
  artists,
  className,
}: {
  artists: { id: number; name: string }[];
  className?: string;
}) {
  return (
    <span className={className}>
      {artists.map((artist, index) => (
        <Fragment key={artist.id}>
          {index > 0 && ', '}
          <Link to={artistUrl(artist)} className="hover:underline">
            {artist.name}
          </Link>
        </Fragment>
      ))}
    </span>
  );
}
