import { useLayoutEffect, useRef } from 'react';
import { useLocation, useNavigationType } from 'react-router';

/** Where the offsets outlive a reload of the tab (as react-router's own ScrollRestoration keeps them). */
export const SCROLL_POSITIONS_KEY = 'cadence-scroll-positions';
/** The most recent history entries kept: a long session must not grow the stored map for ever. */
const MAX_SAVED_ENTRIES = 100;

/**
 * Scroll offsets by history entry (location.key), for back, forward and reload. Read from storage
 * when first needed, not while the entry module loads: the tab's first sessionStorage read costs
 * ~19 ms at 4x CPU, and a page opened by a plain navigation has nothing to restore.
 */
let positions: Map<string, number> | undefined;

function savedPositions(): Map<string, number> {
  positions ??= readSavedPositions();
  return positions;
}

/**
 * Whether the document was opened by a plain navigation (a link, a typed address): its first
 * history entry is new, so no offset can be saved for it. A reload or back/forward may have one;
 * unknown (no navigation timing) counts as may.
 */
function isFreshDocument(): boolean {
  const [entry] = performance.getEntriesByType?.('navigation') ?? [];
  return (entry as PerformanceNavigationTiming | undefined)?.type === 'navigate';
}

function readSavedPositions(): Map<string, number> {
  try {
    const saved: unknown = JSON.parse(sessionStorage.getItem(SCROLL_POSITIONS_KEY) ?? '{}');
    if (typeof saved !== 'object' || saved === null) return new Map();
    return new Map(
      Object.entries(saved).filter((entry): entry is [string, number] => Number.isFinite(entry[1])),
    );
  } catch {
    // Storage blocked or a damaged value: start without, as on a first visit.
    return new Map();
  }
}

/** Written when the page is hidden or left, not on every scroll event. */
function savePositions() {
  try {
    // Nothing read or scrolled in this document: storage already holds what there is.
    if (!positions) return;
    const recent = [...positions].slice(-MAX_SAVED_ENTRIES);
    sessionStorage.setItem(SCROLL_POSITIONS_KEY, JSON.stringify(Object.fromEntries(recent)));
  } catch {
    // Storage full or blocked: positions still work until the tab reloads.
  }
}

/** Gives up waiting for a page to grow tall enough (data still loading) after this long. */
const RESTORE_TIMEOUT_MS = 3000;

/**
 * React-router's ScrollRestoration for a scroll box instead of the window: the player's layout
 * scrolls an inner element (the bars stay put), which the router's own component never looks at.
 * Back/forward and a reload return to the offset the entry was left at, waiting for the page (a long
 * virtualised list, data from the cache or the network) to be tall enough; other navigations
 * start at the top unless they target a #hash.
 */
export function PageScrollRestoration({ containerId }: { containerId: string }) {
  const location = useLocation();
  const navigationType = useNavigationType();
  const hasStarted = useRef(false);
  useLayoutEffect(() => {
    const container = document.getElementById(containerId);
    if (!container) return;
    const isFirstPage = !hasStarted.current;
    hasStarted.current = true;
    const key = location.key;
    const mayRestore = navigationType === 'POP' && !(isFirstPage && isFreshDocument());
    const saved = mayRestore ? savedPositions().get(key) : undefined;
    const stopRestoring =
      saved !== undefined
        ? restoreWhenTallEnough(container, saved)
        : // The box was created in this same commit, so it is already at its top. Writing scrollTop
          // anyway forces a synchronous style and layout of the whole first page inside React's
          // commit task (Lighthouse's forced reflow on /, ~70 ms unthrottled, ~270 ms at 4x CPU).
          isFirstPage && !location.hash
          ? () => {}
          : startAt(container, location.hash);
    const onScroll = () => {
      // Re-inserted so that the map's order is the order of use, which the save trims by.
      const all = savedPositions();
      all.delete(key);
      all.set(key, container.scrollTop);
    };
    container.addEventListener('scroll', onScroll, { passive: true });
    window.addEventListener('pagehide', savePositions);
    return () => {
      stopRestoring();
      container.removeEventListener('scroll', onScroll);
      window.removeEventListener('pagehide', savePositions);
    };
  }, [containerId, location.key, location.hash, navigationType]);
  return null;
}

function startAt(container: HTMLElement, hash: string): () => void {
  const target = hash ? document.getElementById(decodeURIComponent(hash.slice(1))) : null;
  if (target) target.scrollIntoView();
  else container.scrollTop = 0;
  return () => {};
}

function restoreWhenTallEnough(container: HTMLElement, top: number): () => void {
  const apply = () => {
    container.scrollTop = top;
    return Math.abs(container.scrollTop - top) < 1;
  };
  if (apply() || typeof ResizeObserver === 'undefined') return () => {};
  // The page is still growing: retry as its content resizes, until reached, timed out or the
  // reader scrolls on their own.
  const content = container.firstElementChild ?? container;
  const observer = new ResizeObserver(() => apply() && stop());
  const timer = window.setTimeout(() => stop(), RESTORE_TIMEOUT_MS);
  const stop = () => {
    observer.disconnect();
    window.clearTimeout(timer);
    for (const type of ['wheel', 'touchstart', 'keydown'] as const) container.removeEventListener(type, stop);
  };
  observer.observe(content);
  for (const type of ['wheel', 'touchstart', 'keydown'] as const)
    container.addEventListener(type, stop, { passive: true });
  return stop;
}
