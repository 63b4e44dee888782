import { useTrans } from '@cadence/app-shell/use-trans';
import { useQueryClient } from '@tanstack/react-query';
import { Link } from 'react-router';
import { Artwork } from '../player-ui/track-artwork';
import { MediaCard, MediaGrid } from './media-card';
import { playCollection } from './play-collection';
import { albumUrl } from './urls';

type TArtistAlbum = { id: number; name: string; image: string | null; release_date: string | null };

interface ArtistAlbumsProps {
  artistName: string;
  albums: TArtistAlbum[];
  /** The admin's "Album layout" (player.default_artist_view). */
  layout: 'list' | 'grid';
}

/** An artist's albums, as cards (grid) or as rows (list). */
export function ArtistAlbums({ artistName, albums, layout }: ArtistAlbumsProps) {
  const { trans } = useTrans();
  const queryClient = useQueryClient();
  if (albums.length === 0) return null;
  return (
    <section aria-labelledby="albums-heading" data-layout={layout} data-testid="artist-albums">
      <h2 id="albums-heading" className="mb-3 text-xl font-bold">
        {trans('Albums')}
      </h2>
      {layout === 'grid' ? (
        <MediaGrid>
          {albums.map((album) => (
            <MediaCard
              key={album.id}
              title={album.name}
              subtitle={album.release_date?.slice(0, 4)}
              image={album.image}
              to={albumUrl(album, artistName)}
              onPlay={() => void playCollection(queryClient, 'album', album.id)}
            />
          ))}
        </MediaGrid>
      ) : (
        <ul className="flex flex-col gap-1">
          {albums.map((album) => (
            <li key={album.id}>
              <Link
                to={albumUrl(album, artistName)}
                className="flex items-center gap-4 rounded-lg p-2 hover:bg-fg-base/5"
              >
                <Artwork src={album.image} className="size-16 shrink-0" sizes="64px" />
                <span className="flex min-w-0 flex-col">
                  <span className="truncate font-medium">{album.name}</span>
                  {album.release_date && (
                    <span className="text-sm text-muted">{album.release_date.slice(0, 4)}</span>
                  )}
                </span>
              </Link>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
