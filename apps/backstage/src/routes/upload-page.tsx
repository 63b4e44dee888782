import { toast } from '@cadence/app-shell/toast-store';
import { useSettings } from '@cadence/app-shell/use-bootstrap-data';
import { useTrans } from '@cadence/app-shell/use-trans';
import type {
  TBackstageOverview,
  TPublish,
  TPublishResponse,
  TTrackDraft,
} from '@cadence/contracts/backstage';
import { apiClient } from '@cadence/http-client/http-client';
import { errorMessage, firstFieldError } from '@cadence/http-client/http-error';
import { Button } from '@cadence/ui/button';
import { TextField } from '@cadence/ui/text-field';
import { FileDropZone } from '@cadence/uploader/file-drop-zone';
import type { TUploadRestrictions } from '@cadence/uploader/restrictions';
import { UploadList } from '@cadence/uploader/upload-list';
import { useUploader } from '@cadence/uploader/use-uploader';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router';
import { MinutesMeter } from './minutes-meter';

/** Track audio only: artwork comes from the tags or the album's image field. */
export const UPLOAD_PAGE_RESTRICTIONS: TUploadRestrictions = { allowedFileTypes: ['audio/*'] };

type TDraftRow = TTrackDraft & { number: number | null };

/**
 * /backstage/upload (spec 2.10; music.create): many audio files at once, each uploaded with the
 * uploader (progress per file); the server reads each file's tags into a draft; the artist
 * reviews the drafts and publishes them as singles or as one album in one step. Duration and
 * waveform are computed on the server (ffmpeg in a job) so they match the stored bytes.
 */
export function UploadPage() {
  const { trans } = useTrans();
  const settings = useSettings();
  const queryClient = useQueryClient();
  const overview = useQuery({
    queryKey: ['backstage', 'overview'],
    queryFn: () => apiClient.get<TBackstageOverview>('backstage/overview'),
  });
  const [drafts, setDrafts] = useState<TDraftRow[]>([]);
  const [mode, setMode] = useState<'album' | 'singles'>('album');
  const [albumName, setAlbumName] = useState('');
  const [releaseDate, setReleaseDate] = useState('');
  const [artistIds, setArtistIds] = useState<number[] | null>(null);
  const [isPublishing, setIsPublishing] = useState(false);
  const [published, setPublished] = useState<TPublishResponse | null>(null);
  const [error, setError] = useState<string | null>(null);

  const artists = overview.data?.artists ?? [];
  const chosenArtists = artistIds ?? (artists[0] ? [artists[0].id] : []);

  const uploader = useUploader({
    settings: settings.uploads,
    defaults: { restrictions: UPLOAD_PAGE_RESTRICTIONS, showToastOnError: true },
    onServerError: (message) => toast.danger(message),
    onRestrictionError: (message) => toast.danger(message),
  });

  async function readDraft(fileEntryId: number) {
    try {
      const { draft } = await apiClient.post<{ draft: TTrackDraft }>('backstage/drafts', {
        file_entry_id: fileEntryId,
      });
      setDrafts((current) =>
        [...current, { ...draft, number: draft.number }].sort(
          (a, b) => (a.number ?? 999) - (b.number ?? 999) || a.name.localeCompare(b.name),
        ),
      );
      setAlbumName((current) => current || draft.album || '');
      setReleaseDate((current) => current || (draft.year ? `${draft.year}-01-01` : ''));
    } catch (failure) {
      toast.danger(errorMessage(failure));
    }
  }

  const completed = uploader.items.filter((item) => item.status === 'completed').length;
  const hasInactive = uploader.items.some(
    (item) => item.status !== 'pending' && item.status !== 'inProgress',
  );
  const isUploading = uploader.items.some(
    (item) => item.status === 'pending' || item.status === 'inProgress',
  );

  function updateDraft(index: number, patch: Partial<TDraftRow>) {
    setDrafts((current) => current.map((draft, i) => (i === index ? { ...draft, ...patch } : draft)));
  }

  async function publish() {
    setError(null);
    const cover = drafts.find((draft) => draft.image)?.image ?? null;
    const payload: TPublish = {
      mode,
      artist_ids: chosenArtists,
      album:
        mode === 'album'
          ? {
              name: albumName,
              release_date: releaseDate || null,
              image: cover,
              genres: [...new Set(drafts.flatMap((draft) => draft.genres))].slice(0, 20),
            }
          : null,
      tracks: drafts.map((draft, index) => ({
        file_entry_id: draft.file_entry_id,
        name: draft.name,
        number: mode === 'album' ? (draft.number ?? index + 1) : null,
        image: draft.image,
        genres: draft.genres.slice(0, 20),
        lyrics: draft.lyrics,
      })),
    };
    setIsPublishing(true);
    try {
      const result = await apiClient.post<TPublishResponse>('backstage/publish', payload);
      setPublished(result);
      setDrafts([]);
      uploader.clearInactive();
      toast.positive(trans('Published'));
      await queryClient.invalidateQueries({ queryKey: ['backstage', 'overview'] });
    } catch (failure) {
      const field = firstFieldError(failure);
      setError(field ? field.message : errorMessage(failure));
    } finally {
      setIsPublishing(false);
    }
  }

  return (
    <section className="flex flex-col gap-6" data-testid="backstage-upload">
      <div>
        <h1 className="text-2xl font-semibold">{trans('Upload')}</h1>
        <p className="text-muted">
          {trans('Upload your tracks, check what we read from them, and publish.')}
        </p>
      </div>
      {overview.data && <MinutesMeter minutes={overview.data.minutes} />}
      <FileDropZone
        label={trans('Drop audio files here')}
        description={trans('or pick them from your device')}
        buttonLabel={trans('Browse files')}
        acceptedFileTypes={UPLOAD_PAGE_RESTRICTIONS.allowedFileTypes}
        onFiles={(files) =>
          uploader.upload(files, { onSuccess: (entry) => void readDraft(Number(entry.id)) })
        }
      />
      {uploader.items.length > 0 && (
        <div className="flex items-center justify-between gap-4">
          <p className="text-sm text-muted" aria-live="polite">
            {trans(':done of :total uploaded', {
              done: String(completed),
              total: String(uploader.items.length),
            })}
          </p>
          <Button variant="text" size="sm" isDisabled={!hasInactive} onPress={uploader.clearInactive}>
            {trans('Clear finished')}
          </Button>
        </div>
      )}
      <UploadList items={uploader.items} onAbort={uploader.abort} onRetry={uploader.retry} />

      {published && (
        <div role="status" className="rounded-panel border border-positive p-4" data-testid="publish-done">
          <p className="font-medium">{trans('Your music is live.')}</p>
          <ul className="mt-2 flex flex-wrap gap-4 text-sm">
            {published.album_id ? (
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
            )}
          </ul>
        </div>
      )}

      {drafts.length > 0 && (
        <form
          className="flex flex-col gap-4"
          aria-labelledby="drafts-heading"
          onSubmit={(event) => {
            event.preventDefault();
            void publish();
          }}
        >
          <h2 id="drafts-heading" className="text-lg font-semibold">
            {trans('Review and publish')}
          </h2>
          <fieldset className="flex flex-wrap gap-4">
            <legend className="mb-1 text-sm font-medium">{trans('Publish as')}</legend>
            {(['album', 'singles'] as const).map((value) => (
              <label key={value} className="flex items-center gap-2 text-sm">
                <input
                  type="radio"
                  name="mode"
                  value={value}
                  checked={mode === value}
                  onChange={() => setMode(value)}
                  className="accent-primary"
                />
                {value === 'album' ? trans('One album') : trans('Singles')}
              </label>
            ))}
          </fieldset>
          <fieldset className="flex flex-col gap-1">
            <legend className="mb-1 text-sm font-medium">{trans('Artists')}</legend>
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
          {mode === 'album' && (
            <div className="grid gap-4 sm:grid-cols-2">
              <TextField label={trans('Album name')} value={albumName} onChange={setAlbumName} isRequired />
              <TextField
                label={trans('Release date (YYYY-MM-DD)')}
                value={releaseDate}
                onChange={setReleaseDate}
              />
            </div>
          )}
          <ol className="flex flex-col gap-3" aria-label={trans('Drafts')}>
            {drafts.map((draft, index) => (
              <li
                key={draft.file_entry_id}
                className="flex flex-wrap items-end gap-3 rounded-panel border border-divider p-3"
                data-testid="track-draft"
              >
                {draft.image ? (
                  <img src={draft.image} alt="" className="size-12 rounded object-cover" />
                ) : null}
                {mode === 'album' && (
                  <TextField
                    label={trans('No.')}
                    className="w-20"
                    type="number"
                    value={draft.number === null ? '' : String(draft.number)}
                    onChange={(value) => updateDraft(index, { number: value === '' ? null : Number(value) })}
                  />
                )}
                <TextField
                  label={trans('Title')}
                  className="min-w-0 flex-1"
                  value={draft.name}
                  onChange={(value) => updateDraft(index, { name: value })}
                  isRequired
                />
                <p className="w-full text-xs text-muted">
                  {[
                    draft.file_name,
                    draft.artists.join(', '),
                    draft.genres.join(', '),
                    draft.year,
                    draft.duration ? `${Math.round(draft.duration / 1000)} s` : null,
                    draft.lyrics ? trans('lyrics') : null,
                  ]
                    .filter(Boolean)
                    .join(' · ')}
                </p>
                <Button
                  variant="text"
                  size="sm"
                  onPress={() => setDrafts((current) => current.filter((_, i) => i !== index))}
                  aria-label={trans('Remove :name', { name: draft.name })}
                >
                  {trans('Remove')}
                </Button>
              </li>
            ))}
          </ol>
          {error && (
            <p role="alert" className="text-sm text-danger">
              {error}
            </p>
          )}
          <div>
            <Button type="submit" isDisabled={isPublishing || isUploading || chosenArtists.length === 0}>
              {mode === 'album' ? trans('Publish album') : trans('Publish singles')}
            </Button>
          </div>
        </form>
      )}
    </section>
  );
}
