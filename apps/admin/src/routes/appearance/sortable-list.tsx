import { useTrans } from '@cadence/app-shell/use-trans';
import GripVerticalIcon from 'lucide-react/icons/grip-vertical';
import { type KeyboardEvent, type ReactNode, useId, useRef, useState } from 'react';
import { classNames as clsx } from './class-names';

export function moveItem<T>(list: T[], from: number, to: number): T[] {
  const next = [...list];
  const [item] = next.splice(from, 1);
  if (item === undefined) return list;
  next.splice(Math.max(0, Math.min(next.length, to)), 0, item);
  return next;
}

/**
 * A list ordered by dragging a row, or from the keyboard: focus a row's handle and press the up
 * and down arrows (Home/End for the ends). Each move is announced.
 */
export function SortableList<T>({
  items,
  getKey,
  getLabel,
  onMove,
  renderItem,
  label,
}: {
  items: T[];
  getKey: (item: T) => string;
  getLabel: (item: T) => string;
  onMove: (from: number, to: number) => void;
  renderItem: (item: T, index: number) => ReactNode;
  label: string;
}) {
  const { trans } = useTrans();
  const hintId = useId();
  const [dragged, setDragged] = useState<number | null>(null);
  // Only a row whose handle is held drags: text in a row's fields stays selectable.
  const [armed, setArmed] = useState<number | null>(null);
  const [over, setOver] = useState<number | null>(null);
  const [announcement, setAnnouncement] = useState('');
  const handles = useRef<(HTMLButtonElement | null)[]>([]);

  const move = (from: number, to: number) => {
    const target = Math.max(0, Math.min(items.length - 1, to));
    const item = items[from];
    if (from === target || item === undefined) return;
    onMove(from, target);
    setAnnouncement(
      trans(':label moved to position :position of :count', {
        label: getLabel(item),
        position: String(target + 1),
        count: String(items.length),
      }),
    );
    // Keep the keyboard on the moved row's handle once it re-renders (it is now at `target`).
    requestAnimationFrame(() => handles.current[target]?.focus());
  };

  const onKeyDown = (event: KeyboardEvent, index: number) => {
    const targets: Record<string, number> = {
      ArrowUp: index - 1,
      ArrowDown: index + 1,
      Home: 0,
      End: items.length - 1,
    };
    const target = targets[event.key];
    if (target === undefined) return;
    event.preventDefault();
    move(index, target);
  };

  return (
    <>
      <p id={hintId} className="sr-only">
        {trans('Drag a row, or focus its handle and use the up and down arrow keys, to change the order.')}
      </p>
      <ul aria-label={label} className="flex flex-col gap-1">
        {items.map((item, index) => (
          <li
            key={getKey(item)}
            draggable={armed === index}
            onDragStart={(event) => {
              setDragged(index);
              event.dataTransfer.effectAllowed = 'move';
              event.dataTransfer.setData('text/plain', getKey(item));
            }}
            onDragOver={(event) => {
              if (dragged === null) return;
              event.preventDefault();
              setOver(index);
            }}
            onDragLeave={() => setOver((current) => (current === index ? null : current))}
            onDrop={(event) => {
              event.preventDefault();
              if (dragged !== null) move(dragged, index);
              setDragged(null);
              setOver(null);
            }}
            onDragEnd={() => {
              setDragged(null);
              setOver(null);
              setArmed(null);
            }}
            className={clsx(
              'flex items-center gap-2 rounded-panel border bg-paper px-2 py-1',
              over === index && dragged !== index ? 'border-primary' : 'border-divider',
              dragged === index && 'opacity-50',
            )}
            data-testid="sortable-row"
          >
            <button
              type="button"
              ref={(element) => {
                handles.current[index] = element;
              }}
              aria-label={trans('Reorder :label', { label: getLabel(item) })}
              aria-describedby={hintId}
              onKeyDown={(event) => onKeyDown(event, index)}
              onPointerDown={() => setArmed(index)}
              onPointerUp={() => setArmed(null)}
              className="flex size-8 shrink-0 cursor-grab items-center justify-center rounded-button text-muted hover:bg-fg-base/5 focus-visible:ring-3 focus-visible:ring-focus focus-visible:outline-none"
            >
              <GripVerticalIcon aria-hidden className="size-4" />
            </button>
            <div className="min-w-0 flex-1">{renderItem(item, index)}</div>
          </li>
        ))}
      </ul>
      <div aria-live="polite" className="sr-only">
        {announcement}
      </div>
    </>
  );
}
