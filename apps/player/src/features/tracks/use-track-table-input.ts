import { type KeyboardEvent, type MouseEvent, type RefObject, useCallback, useRef, useState } from 'react';
import { getPlayer } from '../playback/player-instance';
import type { TPlayerTrack } from '../playback/player-track';
import {
  isAppendOf,
  noSelection,
  selectAll,
  selectedIndexes,
  selectRow,
  type TSelection,
} from './track-selection';

export function playList(tracks: TPlayerTrack[], index: number) {
  const player = getPlayer();
  const current = player.currentItem();
  // Pressing play on the playing row pauses, and on a paused current row resumes.
  if (current?.track.id === tracks[index]?.id && player.getSnapshot().queue.items.length === tracks.length) {
    player.togglePlay();
    return;
  }
  player.playTracks(tracks, index);
}

export interface TMenuState {
  index: number;
  targets: TPlayerTrack[];
}

const rowIndexOf = (target: EventTarget): number | null => {
  const row = target instanceof Element ? target.closest('[data-row-index]') : null;
  return row ? Number(row.getAttribute('data-row-index')) : null;
};

const isOn = (controls: string, target: EventTarget, row: Element | null) => {
  const control = target instanceof Element ? target.closest(controls) : null;
  return control !== null && control !== row && (row?.contains(control) ?? false);
};

/**
 * What a track table does with the mouse and keyboard: selection (click, Ctrl/Cmd, Shift,
 * Ctrl/Cmd+A, Space, Escape), one tab stop moved by the arrows, Enter/double-click to play, and
 * the menu for a row or the selection. One set of listeners on the grid serves every row.
 */
export function useTrackTableInput(tracks: TPlayerTrack[], gridRef: RefObject<HTMLDivElement | null>) {
  const [selection, setSelection] = useState<TSelection>(noSelection);
  const [shownTracks, setShownTracks] = useState(tracks);
  if (shownTracks !== tracks) {
    setShownTracks(tracks);
    if (!isAppendOf(shownTracks, tracks)) setSelection(noSelection);
  }
  const [tabStop, setTabStop] = useState(0);
  const activeIndex = Math.max(0, Math.min(tabStop, tracks.length - 1));
  const [menu, setMenu] = useState<TMenuState | null>(null);
  const menuTriggerRef = useRef<HTMLButtonElement | null>(null);
  const pendingFocus = useRef<number | null>(null);

  const rowElement = (index: number) =>
    gridRef.current?.querySelector<HTMLElement>(`[data-row-index="${index}"]`) ?? null;
  // A row scrolled out of a virtualised list is not in the DOM: it is pinned, then focused on mount.
  const onRowMount = useCallback((element: HTMLDivElement | null) => {
    if (element && pendingFocus.current === Number(element.dataset.rowIndex)) {
      pendingFocus.current = null;
      element.focus();
    }
  }, []);
  const focusRow = (index: number) => {
    const target = Math.max(0, Math.min(index, tracks.length - 1));
    setTabStop(target);
    const element = rowElement(target);
    if (element) element.focus();
    else pendingFocus.current = target;
    return target;
  };
  const openMenu = (index: number, trigger: HTMLButtonElement | null) => {
    const isInSelection = selection.keys.has(index) && selection.keys.size > 1;
    const targets = isInSelection
      ? selectedIndexes(selection).flatMap((selected) => tracks[selected] ?? [])
      : [tracks[index] as TPlayerTrack];
    menuTriggerRef.current = trigger;
    setMenu({ index, targets });
  };
  const closeMenu = () => {
    setMenu(null);
    // Focus goes back to where the menu came from when the popover could not restore it.
    const trigger = menuTriggerRef.current;
    requestAnimationFrame(() => {
      if (document.activeElement === document.body && trigger?.isConnected) trigger.focus();
    });
  };

  const onClick = (event: MouseEvent) => {
    const index = rowIndexOf(event.target);
    if (index === null) return;
    const action = event.target instanceof Element ? event.target.closest('[data-action]') : null;
    const kind = action?.getAttribute('data-action');
    if (kind === 'play') return playList(tracks, index);
    if (kind === 'menu') return openMenu(index, action as HTMLButtonElement);
    const row = rowElement(index);
    if (isOn('a, button, input', event.target, row)) return;
    setSelection((current) =>
      selectRow(current, index, { isToggle: event.ctrlKey || event.metaKey, isRange: event.shiftKey }),
    );
    setTabStop(index);
  };
  const onDoubleClick = (event: MouseEvent) => {
    const index = rowIndexOf(event.target);
    // Buttons act on their own. A link's first click follows the link: a double-click on one
    // plays only while the list is still on screen, so a row is double-clicked on its own text.
    if (index === null || isOn('button, input', event.target, rowElement(index))) return;
    playList(tracks, index);
  };
  const onContextMenu = (event: MouseEvent) => {
    const index = rowIndexOf(event.target);
    if (index === null) return;
    event.preventDefault();
    // Right-click on a row outside the selection acts on that row alone, like a file manager.
    if (!selection.keys.has(index)) setSelection(selectRow(noSelection, index));
    openMenu(index, rowElement(index)?.querySelector('[data-action="menu"]') ?? null);
  };
  const onKeyDown = (event: KeyboardEvent) => {
    const index = rowIndexOf(event.target);
    if (index === null) return;
    const isModified = event.ctrlKey || event.metaKey;
    if (event.key === 'Escape' && selection.keys.size > 0) {
      event.preventDefault();
      setSelection(noSelection);
      return;
    }
    if (isModified && event.key.toLowerCase() === 'a') {
      event.preventDefault();
      setSelection(selectAll(tracks.length));
      return;
    }
    if (event.target !== event.currentTarget.querySelector(`[data-row-index="${index}"]`)) return;
    const moves: Record<string, number> = {
      ArrowDown: index + 1,
      ArrowUp: index - 1,
      Home: 0,
      End: tracks.length - 1,
      PageDown: index + 10,
      PageUp: index - 10,
    };
    const move = moves[event.key];
    if (move !== undefined) {
      event.preventDefault();
      const target = focusRow(move);
      if (event.shiftKey)
        setSelection((current) =>
          selectRow(current.anchor === null ? selectRow(current, index) : current, target, { isRange: true }),
        );
      return;
    }
    if (event.key === 'Enter') {
      event.preventDefault();
      playList(tracks, index);
    } else if (event.key === ' ') {
      event.preventDefault();
      setSelection((current) => selectRow(current, index, { isToggle: true }));
    }
  };

  return {
    selection,
    activeIndex,
    menu,
    menuTriggerRef,
    closeMenu,
    onRowMount,
    handlers: { onClick, onDoubleClick, onContextMenu, onKeyDown },
  };
}
