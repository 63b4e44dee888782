import { useEffect } from 'react';
import { useNavigate } from 'react-router';

/**
 * The attribute of a plain `<a>` the router follows: its value is the route (without the app's
 * basename), its `href` the same address for a new tab, a copy or a reload. `routeLink()` sets both.
 */
export const ROUTE_LINK_ATTRIBUTE = 'data-route-link';

/**
 * An anchor's props for a route of this app without a react-router `<Link>` (a component with
 * five hooks per link: a home page has ~70). The player's basename is '/', so `href` is `to`.
 */
export function routeLink(to: string): { href: string; [ROUTE_LINK_ATTRIBUTE]: string } {
  return { href: to, [ROUTE_LINK_ATTRIBUTE]: to };
}

/** Whether a click is one a `<Link>` would route: primary button, no modifier, no other target. */
export function isRoutableClick(event: MouseEvent, anchor: HTMLAnchorElement): boolean {
  if (event.defaultPrevented || event.button !== 0) return false;
  if (event.metaKey || event.altKey || event.ctrlKey || event.shiftKey) return false;
  const target = anchor.getAttribute('target');
  return !target || target === '_self';
}

/**
 * One click listener for every `routeLink()` anchor of the page (mouse, and Enter on a focused
 * link, which the browser turns into a click), routed as `<Link>` routes them: pushed, or replaced
 * when the link points at the current address.
 */
export function RouteLinkClicks() {
  const navigate = useNavigate();
  useEffect(() => {
    const onClick = (event: MouseEvent) => {
      const anchor =
        event.target instanceof Element
          ? event.target.closest<HTMLAnchorElement>(`a[${ROUTE_LINK_ATTRIBUTE}]`)
          : null;
      if (!anchor || !isRoutableClick(event, anchor)) return;
      const to = anchor.getAttribute(ROUTE_LINK_ATTRIBUTE) ?? '/';
      event.preventDefault();
      const here = `${window.location.pathname}${window.location.search}${window.location.hash}`;
      void navigate(to, { replace: here === to });
    };
    document.addEventListener('click', onClick);
    return () => document.removeEventListener('click', onClick);
  }, [navigate]);
  return null;
}
