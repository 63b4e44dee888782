import { confirmAction } from '@cadence/admin-kit/confirm-dialog';
import { toast } from '@cadence/app-shell/toast-store';
import { useSettings } from '@cadence/app-shell/use-bootstrap-data';
import { useTrans } from '@cadence/app-shell/use-trans';
import type {
  TPublish,
  TPublishResponse,
  TTrackDraft,
  TTrackDraftList,
  TTrackDraftUpdate,
} from '@cadence/contracts/backstage';
import { apiClient } from '@cadence/http-client/http-client';
import { errorMessage, firstFieldError, isHttpError } from '@cadence/http-client/http-error';
import { Button } from '@cadence/ui/button';
import { DatePicker } from '@cadence/ui/date-picker';
import { TextField } from '@cadence/ui/text-field';
import { FileDropZone } from '@cadence/uploader/file-drop-zone';
import type { TUploadRestrictions } from '@cadence/uploader/restrictions';
import { UploadList } from '@cadence/uploader/upload-list';
import { useUploader } from '@cadence/uploader/use-uploader';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useMemo, useState } from 'react';
import { UploadDraftList } from './upload-draft-list';
import {
  byTrackOrder,
  createUploadDraft,
  deleteUploadDraft,
  saveUploadDraft,
  uploadDraftsQuery,
} from './upload-drafts-queries';
import { useDraftAutosave } from './use-draft-autosave';

/** Track audio only: artwork comes from the tags or the album's image field. */
export const UPLOAD_FLOW_RESTRICTIONS: TUploadRestrictions = { allowedFileTypes: ['audio/*'] };

/** Edits worth saving: a title left empty or a number out of range waits for a better one. */
function savablePatch(patch: TTrackDraftUpdate): TTrackDraftUpdate | null {
  const savable: TTrackDraftUpdate = {};
  if (patch.name !== undefined && patch.name.trim() !== '') savable.name = patch.name;
  if (patch.number === null || (Number.isInteger(patch.number) && (patch.number ?? 0) >= 1))
    savable.number = patch.number;
  return Object.keys(savable).length ? savable : null;
}

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
 * file's tags into a draft it keeps (issue 32: a reload or another device lists them again,
 * edits are saved as the user types); the drafts are reviewed and published as singles or as
 * one album in one step. Duration and waveform are computed on the server (ffmpeg in a job) so they
 * match the stored bytes. Who the music is credited to is the page's choice (`artistField`).
 */
export function UploadFlow({ artistIds, artistField, renderPublishedLinks, onPublished }: UploadFlowProps) {
  const { trans } = useTrans();
  const settings = useSettings();
  const queryClient = useQueryClient();
  const draftsQuery = useQuery(uploadDraftsQuery());
  // The user's latest edits, over the server's copy until it has them (a refetch cannot undo typing).
  const [edits, setEdits] = useState<Record<number, TTrackDraftUpdate>>({});
  const [deletingIds, setDeletingIds] = useState<ReadonlySet<number>>(new Set());
  const drafts = useMemo(
    () => (draftsQuery.data?.drafts ?? []).map((draft) => ({ ...draft, ...edits[draft.id] }) as TTrackDraft),
    [draftsQuery.data, edits],
  );
  const [mode, setMode] = useState<'album' | 'singles'>('album');
  const [albumNameEdit, setAlbumName] = useState<string | null>(null);
  const [releaseDateEdit, setReleaseDate] = useState<string | null>(null);
  const taggedYear = drafts.find((draft) => draft.year)?.year;
  const albumName = albumNameEdit ?? drafts.find((draft) => draft.album)?.album ?? '';
  const releaseDate = releaseDateEdit ?? (taggedYear ? `${taggedYear}-01-01` : '');
  const [isPublishing, setIsPublishing] = useState(false);
  const [published, setPublished] = useState<TPublishResponse | null>(null);
  const [error, setError] = useState<string | null>(null);

  function setCachedDrafts(update: (current: TTrackDraft[]) => TTrackDraft[]) {
    queryClient.setQueryData<TTrackDraftList>(uploadDraftsQuery().queryKey, (current) => ({
      drafts: update(current?.drafts ?? []),
    }));
  }

  const autosave = useDraftAutosave(async (id, patch) => {
    try {
      const saved = await saveUploadDraft(id, patch);
      setCachedDrafts((current) => current.map((draft) => (draft.id === id ? saved : draft)));
    } catch (failure) {
      // Deleted or published meanwhile (another tab): nothing left to save.
      if (isHttpError(failure) && failure.status === 404) return;
      toast.danger(errorMessage(failure));
    }
  });

  const uploader = useUploader({
    settings: settings.uploads,
    defaults: { restrictions: UPLOAD_FLOW_RESTRICTIONS, showToastOnError: true },
    onServerError: (message) => toast.danger(message),
    onRestrictionError: (message) => toast.danger(message),
  });

  async function readDraft(fileEntryId: number) {
    try {
      const draft = await createUploadDraft(fileEntryId);
      setCachedDrafts((current) =>
        [...current.filter((each) => each.id !== draft.id), draft].sort(byTrackOrder),
      );
      await queryClient.invalidateQueries({ queryKey: uploadDraftsQuery().queryKey });
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

  function updateDraft(id: number, patch: TTrackDraftUpdate) {
    setEdits((current) => ({ ...current, [id]: { ...current[id], ...patch } }));
    const savable = savablePatch(patch);
    if (savable) autosave.schedule(id, savable);
  }

  async function deleteDraft(draft: TTrackDraft) {
    const name = draft.name || draft.file_name;
    // The uploaded file goes with the draft: nothing brings it back, so ask first.
    const ok = await confirmAction({
      title: trans('Delete :name?', { name }),
      body: trans('The uploaded file is deleted with the draft.'),
      confirmLabel: trans('Delete'),
      isDanger: true,
    });
    if (!ok) return;
    autosave.cancel(draft.id);
    setDeletingIds((current) => new Set(current).add(draft.id));
    try {
      await deleteUploadDraft(draft.id);
      setCachedDrafts((current) => current.filter((each) => each.id !== draft.id));
      toast.positive(trans('Deleted :name', { name }));
    } catch (failure) {
      toast.danger(errorMessage(failure));
    } finally {
      setDeletingIds((current) => {
        const next = new Set(current);
        next.delete(draft.id);
        return next;
      });
    }
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
      const publishedIds = new Set(drafts.map((draft) => draft.id));
      for (const id of publishedIds) autosave.cancel(id);
      setCachedDrafts((current) => current.filter((draft) => !publishedIds.has(draft.id)));
      setEdits({});
      setAlbumName(null);
      setReleaseDate(null);
      void queryClient.invalidateQueries({ queryKey: uploadDraftsQuery().queryKey });
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

      {draftsQuery.isError && (
        <p role="alert" className="text-sm text-danger">
          {trans('Your drafts could not be loaded.')}{' '}
          <Button variant="text" size="sm" onPress={() => void draftsQuery.refetch()}>
            {trans('Try again')}
          </Button>
        </p>
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
              <DatePicker
                label={trans('Release date')}
                value={releaseDate}
                // Cleared stays cleared ('' is an edit), rather than falling back to the tagged year.
                onChange={(value) => setReleaseDate(value ?? '')}
                calendarLabel={trans('Calendar')}
              />
            </div>
          )}
          <UploadDraftList
            drafts={drafts}
            showNumbers={mode === 'album'}
            onChange={updateDraft}
            onDelete={(draft) => void deleteDraft(draft)}
            deletingIds={deletingIds}
          />
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
