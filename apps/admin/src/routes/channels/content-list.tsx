import { useTrans } from '@cadence/app-shell/use-trans';
import type { TChannelContentModel } from '@cadence/contracts/channel';
import { Button } from '@cadence/ui/button';
import { useRef, useState } from 'react';

export type TContentItem = {
  model_type: TChannelContentModel;
  model_id: number;
  name: string;
  image: string | null;
};

const keyOf = (item: TContentItem) => `${item.model_type}:${item.model_id}`;

export function move<T>(list: T[], from: number, to: number): T[] {
  if (to < 0 || to >= list.length || from === to) return list;
  const next = [...list];
  const [item] = next.splice(from, 1);
  next.splice(to, 0, item as T);
  return next;
}

/**
 * The manual list in its order. Reorder by dragging a row onto another, or from the keyboard:
 * focus a row and press Alt+Arrow up/down (the Move buttons do the same). Each move is announced.
 */
export function ContentList({
  items,
  onChange,
}: {
  items: TContentItem[];
  onChange: (items: TContentItem[]) => void;
}) {
  const { trans } = useTrans();
  const [announcement, setAnnouncement] = useState('');
  const dragFrom = useRef<number | null>(null);
  const rows = useRef<(HTMLLIElement | null)[]>([]);

  function moveTo(from: number, to: number, refocus = true) {
    if (to < 0 || to >= items.length) return;
    const item = items[from];
    onChange(move(items, from, to));
    if (item)
      setAnnouncement(
        trans(':name moved to position :position of :total', {
          name: item.name,
          position: String(to + 1),
          total: String(items.length),
        }),
      );
    if (refocus) requestAnimationFrame(() => rows.current[to]?.focus());
  }

  if (items.length === 0)
    return <p className="text-sm text-muted">{trans('Nothing added yet. Search above to add items.')}</p>;
  return (
    <>
      <ol
        className="flex flex-col gap-1"
        aria-label={trans('Channel content, in order')}
        data-testid="channel-content-list"
      >
        {items.map((item, index) => (
          <li
            key={keyOf(item)}
            ref={(element) => {
              rows.current[index] = element;
            }}
            // biome-ignore lint/a11y/noNoninteractiveTabindex: a focusable row takes Alt+Arrow keys to move
            tabIndex={0}
            draggable
            aria-label={trans(':position. :name (:type). Alt+Arrow keys move it.', {
              position: String(index + 1),
              name: item.name,
              type: trans(item.model_type),
            })}
            onDragStart={() => {
              dragFrom.current = index;
            }}
            onDragOver={(event) => event.preventDefault()}
            onDrop={(event) => {
              event.preventDefault();
              if (dragFrom.current !== null) moveTo(dragFrom.current, index, false);
              dragFrom.current = null;
            }}
            onKeyDown={(event) => {
              if (!event.altKey) return;
              if (event.key === 'ArrowUp') {
                event.preventDefault();
                moveTo(index, index - 1);
              } else if (event.key === 'ArrowDown') {
                event.preventDefault();
                moveTo(index, index + 1);
              }
            }}
            className="flex cursor-grab items-center gap-3 rounded-panel border border-divider bg-paper px-3 py-2 focus-visible:outline-2 focus-visible:outline-primary"
            data-testid="channel-content-item"
          >
            <span aria-hidden="true" className="text-muted">
              ⋮⋮
            </span>
            <span className="w-6 text-sm text-muted">{index + 1}</span>
            <span className="min-w-0 flex-1 truncate">{item.name}</span>
            <span className="text-xs text-muted">{trans(item.model_type)}</span>
            <Button
              size="sm"
              variant="text"
              isDisabled={index === 0}
              onPress={() => moveTo(index, index - 1)}
              aria-label={trans('Move :name up', { name: item.name })}
            >
              ↑
            </Button>
            <Button
              size="sm"
              variant="text"
              isDisabled={index === items.length - 1}
              onPress={() => moveTo(index, index + 1)}
              aria-label={trans('Move :name down', { name: item.name })}
            >
              ↓
            </Button>
            <Button
              size="sm"
              variant="text"
              onPress={() => {
                onChange(items.filter((_, i) => i !== index));
                setAnnouncement(trans(':name removed', { name: item.name }));
              }}
              aria-label={trans('Remove :name', { name: item.name })}
            >
              ✕
            </Button>
          </li>
        ))}
      </ol>
      <div aria-live="polite" className="sr-only" data-testid="content-announcement">
        {announcement}
      </div>
    </>
  );
}
