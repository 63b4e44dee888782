import { useTrans } from '@cadence/app-shell/use-trans';
import { Button } from '@cadence/ui/button';
import { useId, useState } from 'react';

export type TTrackListItem = { id: number; name: string; duration: number | null };

export function moveItem<T>(items: readonly T[], from: number, to: number): T[] {
  if (to < 0 || to >= items.length || from === to) return [...items];
  const next = [...items];
  const [moved] = next.splice(from, 1);
  next.splice(to, 0, moved as T);
  return next;
}

const duration = (ms: number | null) =>
  ms === null
    ? ''
    : `${Math.floor(ms / 60_000)}:${String(Math.floor((ms % 60_000) / 1000)).padStart(2, '0')}`;

/**
 * An album's track list: drag a row to reorder, or use its Move up / Move down buttons (keyboard
 * and screen readers); remove a row, or add one of the artist's other tracks.
 */
export function TrackListEditor({
  items,
  onChange,
  candidates,
}: {
  items: TTrackListItem[];
  onChange: (items: TTrackListItem[]) => void;
  /** Tracks that may be added (the artist's own, not on this album). */
  candidates: TTrackListItem[];
}) {
  const { trans } = useTrans();
  const [dragged, setDragged] = useState<number | null>(null);
  const [announcement, setAnnouncement] = useState('');
  const addId = useId();
  const available = candidates.filter((candidate) => !items.some((item) => item.id === candidate.id));

  function move(from: number, to: number) {
    if (to < 0 || to >= items.length) return;
    onChange(moveItem(items, from, to));
    setAnnouncement(
      trans(':name moved to position :position', { name: items[from]?.name ?? '', position: String(to + 1) }),
    );
  }

  return (
    <div className="flex flex-col gap-3">
      <ol className="flex flex-col gap-1" aria-label={trans('Album tracks')}>
        {items.map((item, index) => (
          <li
            key={item.id}
            draggable
            onDragStart={(event) => {
              setDragged(index);
              event.dataTransfer.effectAllowed = 'move';
              event.dataTransfer.setData('text/plain', String(item.id));
            }}
            onDragOver={(event) => event.preventDefault()}
            onDrop={(event) => {
              event.preventDefault();
              if (dragged !== null) move(dragged, index);
              setDragged(null);
            }}
            data-testid="album-track-row"
            className="flex flex-wrap items-center gap-2 rounded-panel border border-divider px-3 py-2 text-sm"
          >
            <span className="w-6 text-muted">{index + 1}</span>
            <span className="min-w-0 flex-1 truncate">{item.name}</span>
            <span className="text-muted">{duration(item.duration)}</span>
            <Button
              size="sm"
              variant="text"
              isDisabled={index === 0}
              onPress={() => move(index, index - 1)}
              aria-label={trans('Move :name up', { name: item.name })}
            >
              {trans('Up')}
            </Button>
            <Button
              size="sm"
              variant="text"
              isDisabled={index === items.length - 1}
              onPress={() => move(index, index + 1)}
              aria-label={trans('Move :name down', { name: item.name })}
            >
              {trans('Down')}
            </Button>
            <Button
              size="sm"
              variant="text"
              onPress={() => {
                onChange(items.filter((other) => other.id !== item.id));
                setAnnouncement(trans(':name removed', { name: item.name }));
              }}
              aria-label={trans('Remove :name', { name: item.name })}
            >
              {trans('Remove')}
            </Button>
          </li>
        ))}
      </ol>
      {items.length === 0 && <p className="text-sm text-muted">{trans('No tracks on this album yet.')}</p>}
      {available.length > 0 && (
        <div className="flex flex-col gap-1">
          <label htmlFor={addId} className="text-sm font-medium">
            {trans('Add a track')}
          </label>
          <select
            id={addId}
            value=""
            onChange={(event) => {
              const picked = available.find((candidate) => String(candidate.id) === event.target.value);
              if (picked) onChange([...items, picked]);
            }}
            className="h-10 rounded-input border border-divider bg-paper px-2 text-sm"
          >
            <option value="">{trans('Choose a track')}</option>
            {available.map((candidate) => (
              <option key={candidate.id} value={candidate.id}>
                {candidate.name}
              </option>
            ))}
          </select>
        </div>
      )}
      <p className="sr-only" aria-live="polite">
        {announcement}
      </p>
    </div>
  );
}
