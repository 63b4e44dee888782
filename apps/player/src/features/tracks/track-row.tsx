// biome-ignore-all lint/a11y/useSemanticElements: rows are CSS grids (responsive columns), so the grid semantics come from ARIA roles
// biome-ignore-all lint/a11y/useFocusableInteractive: focus moves by row (one tab stop, arrows between rows), the cells themselves are not focus targets
import { icon } from '@cadence/app-shell/icon';
import { routeLink } from '@cadence/app-shell/route-links';
import { useTrans } from '@cadence/app-shell/use-trans';
import { buttonClasses } from '@cadence/ui/button-styles';
import { clsx } from 'clsx';
import { type CSSProperties, Fragment, memo, type Ref } from 'react';
import { albumUrl, artistUrl, trackUrl } from '../catalogue/urls';
import { useIsLiked } from '../library/likes';
import { type TPlayerTrack, trackArtwork } from '../playback/player-track';
import { useTrackPlayState } from '../playback/use-player';
import { formatDurationMs } from '../player-ui/format-time';
import { artwork } from '../player-ui/track-artwork';

/** Fixed row heights keep a virtualised list's offsets exact, so back navigation lands on the same row. */
/** Two 24 px lines (the track's link over its artists' links: WCAG 2.2 target size) and padding. */
export const rowHeight = (showArtwork: boolean) => (showArtwork ? 56 : 52);

/** Rows a first screen shows whole; the ones after are likely below the fold. */
const FIRST_SCREEN_ROWS = 10;

/**
 * A plain (not virtualised) table's later rows: the browser skips their style, layout and paint
 * while off screen. Their height is fixed, so the kept size is exact (no shift when they render),
 * and skipped rows stay focusable and in the accessibility tree, so arrow keys still reach them.
 */
const laterRowStyle = (index: number, height: number): CSSProperties =>
  index < FIRST_SCREEN_ROWS ? {} : { contentVisibility: 'auto', containIntrinsicSize: `auto ${height}px` };

/** Header and rows are separate grids, so every column but the flexible ones has a fixed width. */
export const gridColumns = (isAlbumHidden: boolean) =>
  clsx(
    'grid gap-3',
    // Phones drop the like button from rows (it stays in the row's menu) to give titles room.
    isAlbumHidden
      ? 'grid-cols-[2rem_1fr_4.5rem] md:grid-cols-[2.5rem_1fr_6.5rem]'
      : 'grid-cols-[2rem_1fr_4.5rem] md:grid-cols-[2.5rem_1fr_1fr_6.5rem]',
  );

export interface TrackRowProps {
  track: TPlayerTrack;
  index: number;
  isAlbumHidden: boolean;
  showArtwork: boolean;
  isCompact?: boolean;
  isSelected: boolean;
  /** The row Tab lands on (roving focus): one per table. */
  isTabStop: boolean;
  isMenuOpen: boolean;
  /** Offset in a virtualised body (rows are then absolutely positioned); a plain number keeps memo effective while scrolling. */
  top?: number;
  rowRef?: Ref<HTMLDivElement>;
}

/**
 * One track of a table. Clicks, keys and the menu are handled by the table (one listener for
 * thousands of rows); the row only says what it is through data attributes.
 */
export const TrackRow = memo(function TrackRow({
  track,
  index,
  isAlbumHidden,
  showArtwork,
  isCompact,
  isSelected,
  isTabStop,
  isMenuOpen,
  top,
  rowRef,
}: TrackRowProps) {
  const { trans } = useTrans();
  // One string per row: starting a track re-renders the rows it concerns, not every row.
  const playState = useTrackPlayState(track.id);
  const isCurrent = playState !== null;
  const isPlaying = playState === 'playing';
  // A compact row shows no like button, so it asks nothing of the library (undefined: no query).
  const isLiked = useIsLiked('track', isCompact ? undefined : track.id);
  // Only the tab stop row's links and buttons are in the Tab order; arrows move between rows.
  const tabIndex = isTabStop ? 0 : -1;
  return (
    <div
      ref={rowRef}
      role="row"
      aria-rowindex={index + 2}
      aria-selected={isSelected}
      tabIndex={tabIndex}
      style={{
        height: rowHeight(showArtwork),
        ...(top === undefined
          ? laterRowStyle(index, rowHeight(showArtwork))
          : { position: 'absolute', left: 0, width: '100%', top: 0, transform: `translateY(${top}px)` }),
      }}
      className={clsx(
        gridColumns(isAlbumHidden),
        'group items-center rounded-md px-3 outline-none select-none',
        'hover:bg-fg-base/5 focus-visible:ring-2 focus-visible:ring-focus focus-visible:ring-inset',
        isSelected ? 'bg-fg-base/12 hover:bg-fg-base/15' : isCurrent && 'bg-primary/5',
      )}
      // Rows drag onto the sidebar's playlists (the table puts the tracks on the drag).
      draggable
      data-row-index={index}
      data-testid="track-row"
      data-playing={isCurrent || undefined}
      data-selected={isSelected || undefined}
    >
      <span
        role="gridcell"
        className="relative flex size-8 items-center justify-center text-muted tabular-nums"
      >
        <span
          className={clsx('group-hover:invisible group-focus-within:invisible', isCurrent && 'text-primary')}
        >
          {index + 1}
        </span>
        <button
          type="button"
          tabIndex={tabIndex}
          aria-label={isPlaying ? trans('Pause') : trans('Play :name', { name: track.name })}
          className={clsx(
            buttonClasses({ variant: 'text', size: 'sm', isIconOnly: true }),
            '[&_svg]:size-4 invisible absolute inset-0 m-auto group-hover:visible group-focus-within:visible',
          )}
          data-action="play"
          data-testid="track-row-play"
        >
          {isPlaying ? icon('pause', { fill: 'currentColor' }) : icon('play', { fill: 'currentColor' })}
        </button>
      </span>
      <span role="gridcell" className="flex min-w-0 items-center gap-3">
        {showArtwork &&
          artwork({ src: trackArtwork(track), className: 'size-10', rounded: 'rounded', sizes: '2.5rem' })}
        <span className="min-w-0">
          {isCompact ? (
            <span className={clsx('block truncate', isCurrent ? 'text-primary' : 'text-fg')}>
              {track.name}
            </span>
          ) : (
            <a
              {...routeLink(trackUrl(track))}
              tabIndex={tabIndex}
              className={clsx(
                'block truncate leading-6 hover:underline',
                isCurrent ? 'text-primary' : 'text-fg',
              )}
            >
              {track.name}
            </a>
          )}
          <span className="block truncate text-xs leading-6 text-muted">
            {track.artists.map((artist, position) => (
              <Fragment key={artist.id}>
                {position > 0 && ', '}
                <a
                  {...routeLink(artistUrl(artist))}
                  tabIndex={tabIndex}
                  className="inline-block min-h-6 align-top hover:underline"
                >
                  {artist.name}
                </a>
              </Fragment>
            ))}
          </span>
        </span>
      </span>
      {!isAlbumHidden && (
        <span role="gridcell" className="min-w-0 truncate text-muted max-md:hidden">
          {track.album && (
            <a
              {...routeLink(albumUrl(track.album, track.artists[0]?.name))}
              tabIndex={tabIndex}
              className="inline-block min-h-6 align-top hover:underline"
            >
              {track.album.name}
            </a>
          )}
        </span>
      )}
      <span role="gridcell" className="flex items-center justify-end gap-1">
        {!isCompact && (
          // Toggled by the table's click listener (data-action): no component, mutation or
          // observer per row.
          <button
            type="button"
            tabIndex={tabIndex}
            aria-label={isLiked ? trans('Remove from your library') : trans('Add to your library')}
            aria-pressed={isLiked}
            data-action="like"
            className={clsx(
              buttonClasses({ variant: 'text', size: 'xs', isIconOnly: true }),
              '[&_svg]:size-3.5 opacity-0 group-hover:opacity-100 group-focus-within:opacity-100 aria-pressed:opacity-100 max-md:hidden',
              isLiked && 'text-primary',
            )}
          >
            {icon('heart', { fill: isLiked ? 'currentColor' : 'none' })}
          </button>
        )}
        <span className="w-10 text-right text-muted tabular-nums">{formatDurationMs(track.duration)}</span>
        <button
          type="button"
          tabIndex={tabIndex}
          aria-label={trans('More options')}
          aria-haspopup="menu"
          aria-expanded={isMenuOpen}
          className={clsx(
            buttonClasses({ variant: 'text', size: 'xs', isIconOnly: true }),
            '[&_svg]:size-3.5 opacity-0 group-hover:opacity-100 group-focus-within:opacity-100 aria-expanded:opacity-100',
          )}
          data-action="menu"
        >
          {icon('ellipsis')}
        </button>
      </span>
    </div>
  );
});
