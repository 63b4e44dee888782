import { useTrans } from '@cadence/app-shell/use-trans';
import { PARTY_QUEUE_MAX, type TPartySource } from '@cadence/contracts/party';
import { Button } from '@cadence/ui/button';
import { IconButton } from '@cadence/ui/icon-button';
import { clsx } from 'clsx';
import GripVerticalIcon from 'lucide-react/icons/grip-vertical';
import XIcon from 'lucide-react/icons/x';
import { useEffect, useRef } from 'react';
import { Button as AriaButton, GridList, GridListItem, useDragAndDrop } from 'react-aria-components';
import { StartPartyButton } from '../parties/start-party-button';
import { getPlayer } from '../playback/player-instance';
import type { TQueueItem } from '../playback/player-track';
import { trackArtwork } from '../playback/player-track';
import { usePlayerState, usePlayerStore } from '../playback/use-player';
import { dropIndex } from './drop-index';
import { formatDurationMs } from './format-time';
import { Artwork } from './track-artwork';

/** The queue: what plays now and next; drag (or keyboard drag) to reorder, remove, clear. */
export function QueueList({ className }: { className?: string }) {
  const { trans } = useTrans();
  const player = usePlayerStore();
  const items = usePlayerState((state) => state.queue.items);
  const currentIndex = usePlayerState((state) => state.queue.currentIndex);
  const currentKey = items[currentIndex]?.key;
  const listRef = useFocusCurrentRowOnOpen(currentKey);
  const { dragAndDropHooks } = useDragAndDrop({
    getItems: (keys) => [...keys].map((key) => ({ 'text/plain': String(key) })),
    onReorder(event) {
      const [key] = [...event.keys];
      const from = items.findIndex((item) => item.key === key);
      const target = items.findIndex((item) => item.key === event.target.key);
      if (from < 0 || target < 0) return;
      player.move(from, dropIndex(from, target, event.target.dropPosition));
    },
  });
  if (items.length === 0) {
    return (
      <p className="px-4 py-8 text-center text-sm text-muted">
        {trans('Your queue is empty. Play something!')}
      </p>
    );
  }
  return (
    <div className={clsx('flex min-h-0 flex-col', className)}>
      <div className="flex items-center justify-between px-4 pb-2">
        <span className="text-sm text-muted">
          {trans('{count, plural, one {# track} other {# tracks}}', { count: items.length })}
        </span>
        <Button variant="text" size="xs" onPress={player.clear}>
          {trans('Clear queue')}
        </Button>
      </div>
      <GridList
        aria-label={trans('Queue')}
        items={items.map((item, index) => ({ ...item, id: item.key, index }))}
        dragAndDropHooks={dragAndDropHooks}
        ref={listRef}
        selectionMode="single"
        selectionBehavior="replace"
        disallowEmptySelection
        selectedKeys={currentKey ? [currentKey] : []}
        onAction={(key) => player.playItem(items.findIndex((item) => item.key === key))}
        className="min-h-0 flex-1 overflow-y-auto px-2 pb-2 outline-none"
        data-testid="queue-list"
      >
        {(item) => <QueueRow item={item} isCurrent={item.index === currentIndex} />}
      </GridList>
    </div>
  );
}

/**
 * React Aria picks the first or last row when focus first enters a list, even when it enters
 * on another row's drag handle. Opening the queue focuses the playing row (the selected key),
 * so a later focus on any handle keeps that handle's row and Enter lifts it for a keyboard drag.
 */
function useFocusCurrentRowOnOpen(currentKey: string | undefined) {
  const listRef = useRef<HTMLDivElement>(null);
  const hasFocused = useRef(false);
  // The rows mount a frame after the list (React Aria builds its collection first).
  useEffect(() => {
    if (!currentKey) return;
    const frame = requestAnimationFrame(() => {
      if (hasFocused.current) return;
      const selector = `[data-key="${CSS.escape(currentKey)}"]`;
      const row = listRef.current?.querySelector<HTMLElement>(selector);
      if (!row) return;
      hasFocused.current = true;
      row.focus();
    });
    return () => cancelAnimationFrame(frame);
  });
  return listRef;
}

function QueueRow({ item, isCurrent }: { item: TQueueItem & { index: number }; isCurrent: boolean }) {
  const { trans } = useTrans();
  const player = usePlayerStore();
  const { track } = item;
  return (
    <GridListItem
      id={item.key}
      textValue={track.name}
      className={clsx(
        'group flex cursor-default items-center gap-2 rounded-md px-2 py-1.5 outline-none data-dragging:opacity-50',
        'data-focus-visible:ring-2 data-focus-visible:ring-focus data-hovered:bg-fg-base/5',
        'data-drop-target:ring-2 data-drop-target:ring-primary',
        isCurrent && 'bg-primary/10',
      )}
    >
      <AriaButton
        slot="drag"
        aria-label={trans('Drag to reorder')}
        className="cursor-grab text-muted outline-none"
      >
        <GripVerticalIcon aria-hidden className="size-4" />
      </AriaButton>
      <Artwork src={trackArtwork(track)} className="size-10" sizes="2.5rem" />
      <div className="min-w-0 flex-1">
        <div
          className={clsx('truncate text-sm', isCurrent ? 'text-primary' : 'text-fg')}
          data-testid="queue-item-name"
        >
          {track.name}
        </div>
        <div className="truncate text-xs text-muted">
          {track.artists.map((artist) => artist.name).join(', ')}
        </div>
      </div>
      <span className="text-xs text-muted tabular-nums">{formatDurationMs(track.duration)}</span>
      <IconButton
        size="xs"
        aria-label={trans('Remove from queue')}
        onPress={() => player.remove(item.key)}
        className="opacity-0 group-hover:opacity-100 data-focus-visible:opacity-100"
      >
        <XIcon aria-hidden />
      </IconButton>
    </GridListItem>
  );
}

/** The queue as a party's source: its track ids in play order (the api keeps at most 500). */
function queueSource(): TPartySource | null {
  const { items } = getPlayer().getSnapshot().queue;
  if (items.length === 0) return null;
  return { type: 'queue', track_ids: items.slice(0, PARTY_QUEUE_MAX).map((item) => item.track.id) };
}

export function QueuePanel() {
  const { trans } = useTrans();
  return (
    <aside
      aria-label={trans('Queue')}
      className="hidden w-80 shrink-0 flex-col border-l border-divider bg-bg-alt pt-4 md:flex"
      data-testid="queue-panel"
    >
      <h2 className="px-4 pb-2 text-lg font-semibold">{trans('Queue')}</h2>
      <div className="px-4 pb-2">
        <StartPartyButton source={queueSource} />
      </div>
      <QueueList className="flex-1" />
    </aside>
  );
}
