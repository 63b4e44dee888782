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
          {/* 24px tall at any text size: a target a finger can hit (WCAG 2.5.8). */}
          <Link to={artistUrl(artist)} className="inline-block min-h-6 align-top hover:underline">
            {artist.name}
          </Link>
        </Fragment>
      ))}
    </span>
  );
}
