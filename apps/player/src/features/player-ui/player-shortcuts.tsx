import { openDialog } from '@cadence/app-shell/modal-store';
import { useMemo } from 'react';
import { useIsLiked, useToggleLike } from '../library/likes';
import { getPlayer } from '../playback/player-instance';
import { useCurrentItem } from '../playback/use-player';
import { SEARCH_INPUT_ID } from '../search/search-field';
import { usePlayerShortcuts } from '../shortcuts/use-player-shortcuts';
import { toggleQueuePanel } from './player-ui-store';

/** Binds the keyboard set; "l" likes whatever is playing. */
export function PlayerShortcuts() {
  const item = useCurrentItem();
  const isLiked = useIsLiked('track', item?.track.id);
  const toggleLike = useToggleLike();
  const handlers = useMemo(
    () => ({
      onLike: () => {
        const current = getPlayer().currentItem();
        if (current) toggleLike('track', current.track.id, !isLiked);
      },
      onToggleQueue: toggleQueuePanel,
      onFocusSearch: () => document.getElementById(SEARCH_INPUT_ID)?.focus(),
      onShowHelp: () =>
        void import('../shortcuts/shortcuts-help-dialog').then(({ ShortcutsHelpDialog }) =>
          openDialog((close) => <ShortcutsHelpDialog onClose={() => close()} />),
        ),
    }),
    [isLiked, toggleLike],
  );
  usePlayerShortcuts(handlers);
  return null;
}
