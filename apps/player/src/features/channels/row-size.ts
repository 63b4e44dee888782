import { rowHeight } from '../tracks/track-row';

type TLayout = 'grid' | 'carousel' | 'track_table' | 'list';

/** Title line (text-xl) and its margin. */
const TITLE_PX = 40;
/** A card is its artwork (its column's width less the padding) plus padding and two text lines. */
const CARD_EXTRA_PX = 60;
/** MediaGrid's columns: minmax(9rem, 1fr) with gap-2; a carousel's are 11rem when there is room. */
const MIN_COLUMN_PX = 144;
const CAROUSEL_COLUMN_PX = 176;
const GAP_PX = 8;
/** The track table's column header row. */
const TABLE_HEADER_PX = 33;
/** The sidebar from `md` up and the page's p-6. */
const SIDEBAR_PX = 240;
const PAGE_PADDING_PX = 48;

/** The width the page's content gets on this screen (the queue panel closed). */
export function contentWidth(viewportWidth = window.innerWidth): number {
  return viewportWidth - (viewportWidth >= 768 ? SIDEBAR_PX : 0) - PAGE_PADDING_PX;
}

/**
 * The height a channel row is given while `content-visibility: auto` skips its layout (off
 * screen): near the real one, so the page's scroll height barely changes when it renders, and
 * `contain-intrinsic-size: auto` keeps the real height once it has been laid out.
 */
export function estimatedRowHeight(
  layout: TLayout,
  itemCount: number,
  hasTitle: boolean,
  width: number,
): number {
  const title = hasTitle ? TITLE_PX : 0;
  if (layout === 'track_table') return title + TABLE_HEADER_PX + itemCount * rowHeight(true);
  if (layout === 'carousel') return title + CAROUSEL_COLUMN_PX + CARD_EXTRA_PX + GAP_PX;
  const columns = Math.max(1, Math.floor((width + GAP_PX) / (MIN_COLUMN_PX + GAP_PX)));
  const cardWidth = (width - (columns - 1) * GAP_PX) / columns;
  const lines = Math.ceil(itemCount / columns);
  return Math.round(title + lines * (cardWidth + CARD_EXTRA_PX) + (lines - 1) * GAP_PX);
}
