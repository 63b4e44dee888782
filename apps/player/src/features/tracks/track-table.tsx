// biome-ignore-all lint/a11y/useSemanticElements: rows are CSS grids (responsive columns), so the grid semantics come from ARIA roles
// biome-ignore-all lint/a11y/useFocusableInteractive: rows are the focus targets (roving tab stop); header cells are static
// biome-ignore-all lint/a11y/noStaticElementInteractions: one delegated listener on the grid serves every row
import { icon } from '@cadence/app-shell/icon';
import { useTrans } from '@cadence/app-shell/use-trans';
import { clsx } from 'clsx';
import { lazy, type MouseEvent, Suspense, useRef } from 'react';
import { useToggleLike } from '../library/likes';
import { getPlayer } from '../playback/player-instance';
import type { TPlayerTrack } from '../playback/player-track';
import { setDraggedTracks } from './track-drag';
import { gridColumns, rowHeight, TrackRow } from './track-row';
import { useTrackTableInput } from './use-track-table-input';

// Both load on first need: most tables are short, and the menu (react-aria) waits for a click.
const VirtualRows = lazy(() => import('./virtual-rows').then((m) => ({ default: m.VirtualRows })));
const TrackMenuPopover = lazy(() => import('./track-menu').then((m) => ({ default: m.TrackMenuPopover })));
const preloadTrackMenu = () => void import('./track-menu');

/** From this many rows on, only the rows near the viewport are in the DOM. */
export const VIRTUALISE_FROM = 100;

export interface TrackTableProps {
  tracks: TPlayerTrack[];
  /** Hide the album column on the album page itself. */
  hideAlbum?: boolean;
  showArtwork?: boolean;
  /** Used by the embed so rows don't link out of the iframe's page. */
  isCompact?: boolean;
  /** Rows of the whole list when only its first pages are loaded (aria-rowcount). */
  totalCount?: number;
  /** Offered in the track menu where the viewer may edit the list (a playlist they edit). */
  onRemove?: (tracks: TPlayerTrack[]) => void;
  'aria-label': string;
}

export function TrackTable({
  tracks,
  hideAlbum,
  showArtwork = true,
  isCompact,
  totalCount,
  onRemove,
  'aria-label': label,
}: TrackTableProps) {
  const { trans } = useTrans();
  // Lists without albums (an artist's top tracks, an album's own page) give the title the room.
  const isAlbumHidden = Boolean(hideAlbum) || !tracks.some((track) => track.album);
  const gridRef = useRef<HTMLDivElement>(null);
  const isWarm = useRef(false);
  const { selection, activeIndex, menu, menuTriggerRef, closeMenu, onRowMount, handlers } =
    useTrackTableInput(tracks, gridRef);
  const toggleLike = useToggleLike();
  // Once per table: the audio output's start (tens of ms) happens on the way to a play, not in it.
  const warmUp = () => {
    if (isWarm.current) return;
    isWarm.current = true;
    getPlayer().warmUp();
  };
  const tableHandlers = {
    ...handlers,
    onClick: (event: MouseEvent<HTMLDivElement>) => {
      // A row's like button: one toggle for the table (each row had its own mutation and observer).
      const like = event.target instanceof Element ? event.target.closest('[data-action="like"]') : null;
      const track = tracks[Number(like?.closest('[data-row-index]')?.getAttribute('data-row-index'))];
      if (like && track) return toggleLike('track', track.id, like.getAttribute('aria-pressed') !== 'true');
      handlers.onClick(event);
    },
  };

  const renderRow = (index: number, top?: number) => {
    const track = tracks[index] as TPlayerTrack;
    return (
      <TrackRow
        key={`${track.id}-${index}`}
        track={track}
        index={index}
        isAlbumHidden={isAlbumHidden}
        showArtwork={showArtwork}
        isCompact={isCompact}
        isSelected={selection.keys.has(index)}
        isTabStop={index === activeIndex}
        isMenuOpen={menu?.index === index}
        top={top}
        rowRef={onRowMount}
      />
    );
  };
  const plainRows = (count: number) => (
    <div role="rowgroup" data-testid="track-table-body">
      {Array.from({ length: count }, (_, index) => renderRow(index))}
    </div>
  );

  return (
    <>
      <div
        ref={gridRef}
        role="grid"
        aria-label={label}
        aria-rowcount={(totalCount ?? tracks.length) + 1}
        aria-multiselectable="true"
        className="w-full text-sm"
        data-testid="track-table"
        {...tableHandlers}
        onPointerOver={(event) => {
          warmUp();
          preloadNearMenu(event);
          prepareNearPlay(event, tracks, 'metadata');
        }}
        onFocus={(event) => {
          // A keyboard play (Enter on a row) gets the same head start as a pointer's.
          warmUp();
          preloadNearMenu(event);
          prepareNearPlay(event, tracks, 'metadata');
        }}
        onDragStart={(event) => {
          const row = (event.target as Element).closest<HTMLElement>('[data-row-index]');
          if (!row) return;
          const index = Number(row.dataset.rowIndex);
          // A selected row drags the whole selection (in table order), any other row itself.
          const indices = selection.keys.has(index) ? [...selection.keys].sort((a, b) => a - b) : [index];
          const dragged = indices.flatMap((at) => (tracks[at] ? [tracks[at]] : []));
          setDraggedTracks(event.dataTransfer, dragged);
        }}
        onPointerDown={(event) =>
          event.button === 2 ? preloadTrackMenu() : prepareNearPlay(event, tracks, 'auto')
        }
      >
        <div role="rowgroup">
          <div
            role="row"
            aria-rowindex={1}
            className={clsx(
              gridColumns(isAlbumHidden),
              'border-b border-divider px-3 py-2 text-xs text-muted uppercase',
            )}
          >
            <span role="columnheader">#</span>
            <span role="columnheader">{trans('Title')}</span>
            {!isAlbumHidden && (
              <span role="columnheader" className="max-md:hidden">
                {trans('Album')}
              </span>
            )}
            <span role="columnheader" className="pr-8 text-right">
              {icon('clock-3', { 'aria-label': trans('Duration'), className: 'ml-auto size-4' })}
            </span>
          </div>
        </div>
        {tracks.length < VIRTUALISE_FROM ? (
          plainRows(tracks.length)
        ) : (
          <Suspense fallback={plainRows(VIRTUALISE_FROM)}>
            <VirtualRows
              count={tracks.length}
              rowHeight={rowHeight(showArtwork)}
              pinned={menu ? [activeIndex, menu.index] : [activeIndex]}
              renderRow={renderRow}
            />
          </Suspense>
        )}
      </div>
      <div aria-live="polite" className="sr-only" data-testid="track-selection-status">
        {selection.keys.size > 1 ? trans(':count selected tracks', { count: selection.keys.size }) : ''}
      </div>
      {menu && (
        <Suspense fallback={null}>
          <TrackMenuPopover
            triggerRef={menuTriggerRef}
            track={menu.targets[0] as TPlayerTrack}
            tracks={menu.targets}
            onRemove={onRemove}
            onClose={closeMenu}
          />
        </Suspense>
      )}
    </>
  );
}

/**
 * A row's audio starts loading when the row is hovered or focused (metadata) and when it is pressed
 * (all). The row, not only its play button: the button shows only while its row is hovered or
 * focused, so a pointer over the row is already on its way to it, and the click that follows a few
 * ms after the button appears found the metadata still on its way. One warm element serves
 * every row, so passing over a list re-targets it rather than loading each row.
 */
function prepareNearPlay(event: React.SyntheticEvent, tracks: TPlayerTrack[], preload: 'metadata' | 'auto') {
  const row = event.target instanceof Element ? event.target.closest('[data-row-index]') : null;
  const track = tracks[Number(row?.getAttribute('data-row-index'))];
  if (track) getPlayer().prepare(track, preload);
}

/** The menu's code starts loading when a "more" button is hovered or focused, before the click. */
function preloadNearMenu(event: React.SyntheticEvent) {
  if (event.target instanceof Element && event.target.closest('[data-action="menu"]')) preloadTrackMenu();
}
