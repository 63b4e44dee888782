import { toast } from '@cadence/app-shell/toast-store';
import { useSettings } from '@cadence/app-shell/use-bootstrap-data';
import { useTrans } from '@cadence/app-shell/use-trans';
import type { TPublish, TPublishResponse, TTrackDraft } from '@cadence/contracts/backstage';
import { apiClient } from '@cadence/http-client/http-client';
import { errorMessage, firstFieldError } from '@cadence/http-client/http-error';
import { Button } from '@cadence/ui/button';
import { TextField } from '@cadence/ui/text-field';
import { FileDropZone } from '@cadence/uploader/file-drop-zone';
import type { TUploadRestrictions } from '@cadence/uploader/restrictions';
import { UploadList } from '@cadence/uploader/upload-list';
import { useUploader } from '@cadence/uploader/use-uploader';
import { type ReactNode, useState } from 'react';

/** Track audio only: artwork comes from the tags or the album's image field. */
export const UPLOAD_FLOW_RESTRICTIONS: TUploadRestrictions = { allowedFileTypes: ['audio/*'] };

type TDraftRow = TTrackDraft & { number: number | null };

export type UploadFlowProps = {
  /** The artists the music is published as (`artist_ids` of the publish call). */
  artistIds: number[];
  /** The field that chooses `artistIds` inside the review form (or none: the page shows its own). */
  artistField?: ReactNode;
  /** The `<li>` links shown once the music is live (each app has its own edit pages). */
  renderPublishedLinks: (result: TPublishResponse) => ReactNode;
  onPublished?: (result: TPublishResponse) => Promise<void> | void;
};

/**
 * The upload flow of spec 2.10, shared by /backstage/upload and /admin/upload: many audio
 * files at once, each uploaded with the uploader (progress per file); the server reads each
 * file's tags into a draft; the drafts are reviewed and published as singles or as one album
 * in one step. Duration and waveform are computed on the server (ffmpeg in a job) so they
 * match the stored bytes. Who the music is credited to is the page's choice (`artistField`).
 */
export function UploadFlow({ artistIds, artistField, renderPublishedLinks, onPublished }: UploadFlowProps) {
  const { trans } = useTrans();
  const settings = useSettings();
  const [drafts, setDrafts] = useState<TDraftRow[]>([]);
  const [mode, setMode] = useState<'album' | 'singles'>('album');
  const [albumName, setAlbumName] = useState('');
  const [releaseDate, setReleaseDate] = useState('');
  const [isPublishing, setIsPublishing] = useState(false);
  const [published, setPublished] = useState<TPublishResponse | null>(null);
  const [error, setError] = useState<string | null>(null);

  const uploader = useUploader({
    settings: settings.uploads,
    defaults: { restrictions: UPLOAD_FLOW_RESTRICTIONS, showToastOnError: true },
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
      artist_ids: artistIds,
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
      await onPublished?.(result);
    } catch (failure) {
      const field = firstFieldError(failure);
      setError(field ? field.message : errorMessage(failure));
    } finally {
      setIsPublishing(false);
    }
  }

  return (
    <>
      <FileDropZone
        label={trans('Drop audio files here')}
        description={trans('or pick them from your device')}
        buttonLabel={trans('Browse files')}
        acceptedFileTypes={UPLOAD_FLOW_RESTRICTIONS.allowedFileTypes}
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
          <ul className="mt-2 flex flex-wrap gap-4 text-sm">{renderPublishedLinks(published)}</ul>
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
          {artistField}
          {mode === 'album' && (
            <div className="grid gap-4 sm:grid-cols-2">
              <TextField label={trans('Album name')} value={albumName} onChange={setAlbumName} isRequired />
              <TextField
                type="date"
                label={trans('Release date')}
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
            <Button type="submit" isDisabled={isPublishing || isUploading || artistIds.length === 0}>
              {mode === 'album' ? trans('Publish album') : trans('Publish singles')}
            </Button>
          </div>
        </form>
      )}
    </>
  );
}
