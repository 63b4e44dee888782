import { AdminForm, SubmitButton } from '@cadence/admin-kit/admin-form';
import { FormTextarea, FormTextField } from '@cadence/admin-kit/form-fields';
import { useAdminForm } from '@cadence/admin-kit/use-admin-form';
import { toast } from '@cadence/app-shell/toast-store';
import { useSettings } from '@cadence/app-shell/use-bootstrap-data';
import { useTrans } from '@cadence/app-shell/use-trans';
import { LRC_LINE } from '@cadence/contracts/lyrics';
import { type TTrack, type TTrackResponse, ZTrackCreateSchema } from '@cadence/contracts/track';
import { apiClient } from '@cadence/http-client/http-client';
import { FileDropZone } from '@cadence/uploader/file-drop-zone';
import { UploadList } from '@cadence/uploader/upload-list';
import { useUploader } from '@cadence/uploader/use-uploader';
import { useState } from 'react';
import { useController, useFormContext } from 'react-hook-form';
import type { z } from 'zod';
import { FormComboBox } from './form-combobox';
import { FormArtistPicker, FormImageField, type TArtistOption } from './form-media-fields';
import { FormGenresPicker } from './genres-picker';
import { FormListField } from './list-field';
import { LoudnessSummary } from './loudness-summary';
import { LrcEditor } from './lrc-editor';

type TValues = z.input<typeof ZTrackCreateSchema>;

/** A new track's audio: uploaded with the uploader; the entry id goes with the form. */
function AudioFileField() {
  const { trans } = useTrans();
  const settings = useSettings();
  const { control } = useFormContext<TValues>();
  const { field } = useController({ name: 'file_entry_id', control });
  const uploader = useUploader({
    settings: settings.uploads,
    defaults: { restrictions: { allowedFileTypes: ['audio/*'] }, showToastOnError: true },
    onServerError: (message) => toast.danger(message),
    onRestrictionError: (message) => toast.danger(message),
  });
  return (
    <div className="flex flex-col gap-2">
      <FileDropZone
        label={trans('Audio file')}
        description={
          field.value
            ? trans('Uploaded. Drop another file to replace it.')
            : trans('Drop the audio file here')
        }
        buttonLabel={trans('Choose audio file')}
        acceptedFileTypes={['audio/*']}
        onFiles={(files) =>
          uploader.upload(files.slice(0, 1), { onSuccess: (entry) => field.onChange(entry.id) })
        }
      />
      <UploadList items={uploader.items} onAbort={uploader.abort} onRetry={uploader.retry} />
    </div>
  );
}

/**
 * The track form shared by `/backstage/tracks/new|{id}/edit` and the admin's track pages: audio
 * (new tracks), name, artists, album, number, artwork, genres, tags, description, and lyrics
 * with the synced-LRC editor (saved to the track's lyrics after the track itself), and an existing
 * track's measured loudness.
 */
export function TrackForm({
  track,
  artistOptions,
  albumOptions = [],
  lyrics = '',
  onSaved,
}: {
  track?: TTrack;
  artistOptions: TArtistOption[];
  albumOptions?: TArtistOption[];
  lyrics?: string;
  onSaved?: (track: TTrack) => void;
}) {
  const { trans } = useTrans();
  const [lyricsText, setLyricsText] = useState(lyrics);
  const [lyricsDirty, setLyricsDirty] = useState(false);
  const adminForm = useAdminForm({
    schema: ZTrackCreateSchema,
    defaultValues: {
      name: track?.name ?? '',
      artist_ids:
        track?.artists.map((artist) => artist.id) ?? (artistOptions[0] ? [artistOptions[0].id] : []),
      album_id: track?.album_id ?? null,
      number: track?.number ?? null,
      image: track?.image ?? null,
      description: track?.description ?? '',
      genres: track?.genres?.map((genre) => genre.name) ?? [],
      tags: track?.tags?.map((tag) => tag.name) ?? [],
      file_entry_id: null,
    },
    submit: async (values) => {
      const { file_entry_id, ...rest } = values;
      const saved = track
        ? await apiClient.put<TTrackResponse>(`tracks/${track.id}`, rest)
        : await apiClient.post<TTrackResponse>('tracks', { ...rest, file_entry_id });
      if (lyricsDirty || (!track && lyricsText.trim())) {
        if (lyricsText.trim())
          await apiClient.put(`tracks/${saved.track.id}/lyrics`, {
            text: lyricsText,
            synced: lyricsText.split('\n').some((line) => LRC_LINE.test(line.trim())),
          });
        else if (track) await apiClient.delete(`tracks/${saved.track.id}/lyrics`);
        setLyricsDirty(false);
      }
      return saved;
    },
    successMessage: trans('Track saved'),
    onSuccess: (result) => onSaved?.(result.track),
  });
  return (
    <AdminForm adminForm={adminForm}>
      {!track && <AudioFileField />}
      <FormTextField<TValues> name="name" label={trans('Name')} isRequired />
      <FormArtistPicker<TValues> name="artist_ids" label={trans('Artists')} options={artistOptions} />
      <div className="grid gap-4 sm:grid-cols-2">
        <FormComboBox<TValues>
          name="album_id"
          label={trans('Album')}
          emptyLabel={trans('No album (single)')}
          options={albumOptions}
        />
        <FormTextField<TValues> name="number" type="number" label={trans('Track number')} />
      </div>
      <FormImageField<TValues> name="image" label={trans('Artwork')} />
      <FormGenresPicker<TValues> name="genres" label={trans('Genres')} />
      <FormListField<TValues> name="tags" label={trans('Tags')} description={trans('Separate with commas')} />
      <FormTextarea<TValues> name="description" label={trans('Description')} rows={3} />
      <LrcEditor
        label={trans('Lyrics')}
        value={lyricsText}
        onChange={(text) => {
          setLyricsText(text);
          setLyricsDirty(true);
        }}
        audioSrc={track?.stream_url ?? null}
      />
      {track && <LoudnessSummary replayGain={track.replay_gain} />}
      <div>
        <SubmitButton>{trans('Save')}</SubmitButton>
      </div>
    </AdminForm>
  );
}
