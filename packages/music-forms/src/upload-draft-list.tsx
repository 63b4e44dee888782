import { useTrans } from '@cadence/app-shell/use-trans';
import type { TTrackDraft, TTrackDraftUpdate } from '@cadence/contracts/backstage';
import { Button } from '@cadence/ui/button';
import { TextField } from '@cadence/ui/text-field';

export type UploadDraftListProps = {
  drafts: TTrackDraft[];
  /** Album mode shows each draft's track number. */
  showNumbers: boolean;
  onChange: (id: number, patch: TTrackDraftUpdate) => void;
  onDelete: (draft: TTrackDraft) => void;
  deletingIds: ReadonlySet<number>;
};

/** The upload drafts under review: title and number edits, and delete (the file goes with it). */
export function UploadDraftList({
  drafts,
  showNumbers,
  onChange,
  onDelete,
  deletingIds,
}: UploadDraftListProps) {
  const { trans } = useTrans();
  return (
    <ol className="flex flex-col gap-3" aria-label={trans('Drafts')}>
      {drafts.map((draft) => (
        <li
          key={draft.id}
          className="flex flex-wrap items-end gap-3 rounded-panel border border-divider p-3"
          data-testid="track-draft"
        >
          {draft.image ? <img src={draft.image} alt="" className="size-12 rounded object-cover" /> : null}
          {showNumbers && (
            <TextField
              label={trans('No.')}
              className="w-20"
              type="number"
              value={draft.number === null ? '' : String(draft.number)}
              onChange={(value) => onChange(draft.id, { number: value === '' ? null : Number(value) })}
            />
          )}
          <TextField
            label={trans('Title')}
            className="min-w-0 flex-1"
            value={draft.name}
            onChange={(value) => onChange(draft.id, { name: value })}
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
            isDisabled={deletingIds.has(draft.id)}
            onPress={() => onDelete(draft)}
            aria-label={trans('Delete :name', { name: draft.name || draft.file_name })}
          >
            {trans('Delete')}
          </Button>
        </li>
      ))}
    </ol>
  );
}
