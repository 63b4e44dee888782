import { AdminForm, SubmitButton } from '@cadence/admin-kit/admin-form';
import { FormDateField, FormSelect, FormTextarea, FormTextField } from '@cadence/admin-kit/form-fields';
import { useAdminForm } from '@cadence/admin-kit/use-admin-form';
import { useTrans } from '@cadence/app-shell/use-trans';
import { RECORD_TYPES, type TAlbum, type TAlbumResponse, ZAlbumCreateSchema } from '@cadence/contracts/album';
import { apiClient } from '@cadence/http-client/http-client';
import { useState } from 'react';
import type { z } from 'zod';
import { FormArtistPicker, FormImageField, type TArtistOption } from './form-media-fields';
import { FormGenresPicker } from './genres-picker';
import { FormListField } from './list-field';
import { TrackListEditor, type TTrackListItem } from './track-list-editor';

type TValues = z.input<typeof ZAlbumCreateSchema>;

/**
 * The album form shared by `/backstage/albums/new|{id}/edit` and the admin's album pages:
 * name, artists, release date, artwork (spec 5 image upload), genres, tags, description and,
 * for a saved album, its track list (order by drag or Up/Down, add, remove), saved together.
 */
export function AlbumForm({
  album,
  artistOptions,
  trackCandidates = [],
  onSaved,
}: {
  album?: TAlbum;
  artistOptions: TArtistOption[];
  /** Tracks that can be added to the album (the artist's own). */
  trackCandidates?: TTrackListItem[];
  onSaved?: (album: TAlbum) => void;
}) {
  const { trans } = useTrans();
  const [tracks, setTracks] = useState<TTrackListItem[]>(
    (album?.tracks ?? []).map((track) => ({ id: track.id, name: track.name, duration: track.duration })),
  );
  const [tracksDirty, setTracksDirty] = useState(false);
  const adminForm = useAdminForm({
    schema: ZAlbumCreateSchema,
    defaultValues: {
      name: album?.name ?? '',
      artist_ids:
        album?.artists.map((artist) => artist.id) ?? (artistOptions[0] ? [artistOptions[0].id] : []),
      release_date: album?.release_date ?? null,
      image: album?.image ?? null,
      description: album?.description ?? '',
      record_type: album?.record_type ?? 'album',
      genres: album?.genres?.map((genre) => genre.name) ?? [],
      tags: album?.tags?.map((tag) => tag.name) ?? [],
    },
    submit: async (values) => {
      const saved = album
        ? await apiClient.put<TAlbumResponse>(`albums/${album.id}`, values)
        : await apiClient.post<TAlbumResponse>('albums', values);
      if (album && tracksDirty) {
        await apiClient.put(`backstage/albums/${album.id}/tracks`, {
          track_ids: tracks.map((track) => track.id),
        });
        setTracksDirty(false);
      }
      return saved;
    },
    successMessage: trans('Album saved'),
    onSuccess: (result) => onSaved?.(result.album),
  });
  return (
    <AdminForm adminForm={adminForm}>
      <FormTextField<TValues> name="name" label={trans('Name')} isRequired />
      <FormArtistPicker<TValues> name="artist_ids" label={trans('Artists')} options={artistOptions} />
      <div className="grid gap-4 sm:grid-cols-2">
        <FormDateField<TValues> name="release_date" label={trans('Release date')} />
        <FormSelect<TValues>
          name="record_type"
          label={trans('Type')}
          options={RECORD_TYPES.map((type) => ({ value: type, label: trans(type) }))}
        />
      </div>
      <FormImageField<TValues> name="image" label={trans('Artwork')} />
      <FormGenresPicker<TValues> name="genres" label={trans('Genres')} />
      <FormListField<TValues> name="tags" label={trans('Tags')} description={trans('Separate with commas')} />
      <FormTextarea<TValues> name="description" label={trans('Description')} rows={4} />
      {album && (
        <section aria-labelledby="album-tracks-heading" className="flex flex-col gap-2">
          <h2 id="album-tracks-heading" className="text-lg font-semibold">
            {trans('Tracks')}
          </h2>
          <TrackListEditor
            items={tracks}
            candidates={trackCandidates}
            onChange={(next) => {
              setTracks(next);
              setTracksDirty(true);
            }}
          />
        </section>
      )}
      <div>
        <SubmitButton>{trans('Save')}</SubmitButton>
      </div>
    </AdminForm>
  );
}
