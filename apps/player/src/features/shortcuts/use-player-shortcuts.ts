import { useEffect } from 'react';
import { getPlayer } from '../playback/player-instance';
import { SEEK_STEP_S, VOLUME_STEP } from '../playback/player-store';
import { isOwnedByControl, isTypingTarget, shortcutFor, type TShortcutAction } from './shortcut-map';

export interface TShortcutHandlers {
  onLike: () => void;
  onToggleQueue: () => void;
  onFocusSearch: () => void;
  onShowHelp: () => void;
}

export function runShortcut(action: TShortcutAction, handlers: TShortcutHandlers): void {
  const player = getPlayer();
  const actions: Record<TShortcutAction, () => void> = {
    togglePlay: player.togglePlay,
    seekBack: () => player.seekBy(-SEEK_STEP_S),
    seekForward: () => player.seekBy(SEEK_STEP_S),
    previous: player.previous,
    next: player.next,
    volumeUp: () => player.changeVolumeBy(VOLUME_STEP),
    volumeDown: () => player.changeVolumeBy(-VOLUME_STEP),
    toggleMute: player.toggleMute,
    like: handlers.onLike,
    toggleQueue: handlers.onToggleQueue,
    focusSearch: handlers.onFocusSearch,
    showHelp: handlers.onShowHelp,
  };
  actions[action]();
}

/** The player's keyboard set on the whole document, except while typing or inside a dialog. */
export function usePlayerShortcuts(handlers: TShortcutHandlers): void {
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.defaultPrevented || (event.repeat && event.key !== 'ArrowUp' && event.key !== 'ArrowDown'))
        return;
      if (isTypingTarget(event.target)) return;
      const action = shortcutFor(event);
      if (!action || isOwnedByControl(event.target, action)) return;
      if (
        event.target instanceof Element &&
        event.target.closest('[role="dialog"]:not([data-player-shortcuts])')
      )
        return;
      event.preventDefault();
      runShortcut(action, handlers);
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [handlers]);
}
