/**
 * The element that scrolls a list: the player's layout scrolls an inner box (not the window),
 * the embed its own; null when the page itself scrolls.
 */
export function scrollParentOf(element: Element | null): HTMLElement | null {
  for (let parent = element?.parentElement; parent; parent = parent.parentElement) {
    const { overflowY } = getComputedStyle(parent);
    if (overflowY === 'auto' || overflowY === 'scroll') return parent;
  }
  return null;
}

/** Where `element` starts inside its scroll box's content (what the virtualiser calls scroll margin). */
export function offsetWithin(element: Element, scroller: HTMLElement): number {
  return element.getBoundingClientRect().top - scroller.getBoundingClientRect().top + scroller.scrollTop;
}
