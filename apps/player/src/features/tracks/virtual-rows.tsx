// biome-ignore-all lint/a11y/useSemanticElements: the rows are CSS grids positioned by the virtualiser, so the grid semantics come from ARIA roles
import { defaultRangeExtractor, type Range, useVirtualizer } from '@tanstack/react-virtual';
import { type ReactNode, useCallback, useLayoutEffect, useRef, useState } from 'react';
import { offsetWithin, scrollParentOf } from './scroll-parent';

export interface VirtualRowsProps {
  count: number;
  rowHeight: number;
  /** Rows that must stay mounted while off screen: the focused one and the one with an open menu. */
  pinned: number[];
  /** `top`: where the row sits in the body, in px (absolutely positioned). */
  renderRow: (index: number, top?: number) => ReactNode;
}

/**
 * Renders only the rows near the viewport of the page's own scroll box (the table has no scroll
 * box of its own); the body keeps the full height so the scrollbar and infinite loading behave
 * as if every row were there.
 */
export function VirtualRows({ count, rowHeight, pinned, renderRow }: VirtualRowsProps) {
  const bodyRef = useRef<HTMLDivElement>(null);
  const [scroller, setScroller] = useState<HTMLElement | null>(null);
  const [hasNoScroller, setHasNoScroller] = useState(false);
  const [scrollMargin, setScrollMargin] = useState(0);
  useLayoutEffect(() => {
    const body = bodyRef.current;
    const parent = scrollParentOf(body);
    if (!body) return;
    if (!parent) {
      setHasNoScroller(true);
      return;
    }
    setScroller(parent);
    // The header above the table can change height (artwork, description), moving the rows.
    const measure = () => setScrollMargin(offsetWithin(body, parent));
    measure();
    if (typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(measure);
    if (parent.firstElementChild) observer.observe(parent.firstElementChild);
    return () => observer.disconnect();
  }, []);
  const pinnedKey = pinned.join(',');
  const rangeExtractor = useCallback(
    (range: Range) => {
      const indexes = new Set(defaultRangeExtractor(range));
      for (const index of pinnedKey.split(',').filter(Boolean).map(Number))
        if (index < range.count) indexes.add(index);
      return [...indexes].sort((a, b) => a - b);
    },
    [pinnedKey],
  );
  const virtualizer = useVirtualizer({
    count,
    getScrollElement: () => scroller,
    // Off until the scroll box is known, then starting from where it is: the virtualiser would
    // otherwise scroll it to 0 on mount and undo a restored back-navigation position.
    enabled: scroller !== null,
    initialOffset: () => scroller?.scrollTop ?? 0,
    estimateSize: () => rowHeight,
    overscan: 8,
    scrollMargin,
    rangeExtractor,
  });
  if (hasNoScroller)
    return (
      <div role="rowgroup" data-testid="track-table-body">
        {Array.from({ length: count }, (_, index) => renderRow(index))}
      </div>
    );
  return (
    <div
      ref={bodyRef}
      role="rowgroup"
      className="relative"
      style={{ height: count * rowHeight }}
      data-testid="track-table-body"
    >
      {virtualizer.getVirtualItems().map((item) => renderRow(item.index, item.start - scrollMargin))}
    </div>
  );
}
