import { useTrans } from '@cadence/app-shell/use-trans';
import { UploadFlow } from '@cadence/music-forms/upload-flow';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router';
import { ArtistPicker, type TPickedArtist } from './artist-picker';

/**
 * /admin/upload (spec 2.12, issue 12): the backstage upload flow, with the artist to publish
 * as chosen by the admin from the whole catalogue (the api lets music editors credit anyone).
 */
export function UploadPage() {
  const { trans } = useTrans();
  const queryClient = useQueryClient();
  const [artist, setArtist] = useState<TPickedArtist | null>(null);
  return (
    <section className="flex flex-col gap-6" data-testid="admin-upload">
      <div>
        <h1 className="text-2xl font-semibold">{trans('Upload')}</h1>
        <p className="text-muted">
          {trans('Upload tracks, check what we read from them, and publish them as the chosen artist.')}
        </p>
      </div>
      <ArtistPicker
        label={trans('Artist')}
        description={trans('The uploaded tracks are published as this artist.')}
        value={artist}
        onChange={setArtist}
      />
      <UploadFlow
        artistIds={artist ? [artist.id] : []}
        onPublished={async () => {
          // The tracks, albums and artists tables (and the forms' pickers) now hold new rows.
          await queryClient.invalidateQueries({ queryKey: ['admin-list'] });
          await queryClient.invalidateQueries({ queryKey: ['admin-options'] });
        }}
        renderPublishedLinks={(published) =>
          published.album_id ? (
            <li>
              <Link className="text-primary underline" to={`/albums/${published.album_id}/edit`}>
                {trans('Edit the album')}
              </Link>
            </li>
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
