import { lazy } from 'react';

/**
 * What only a signed-in listener sees of the layout (their playlists in the sidebar, the
 * workspace switcher, the notification bell and its socket), in one chunk a guest never fetches.
 * A signed-in page asks for it with its first render, beside the page's own chunks.
 */
export const loadSignedInParts = () => import('./signed-in-parts');

export const SignedInTopBarItems = lazy(() =>
  loadSignedInParts().then((m) => ({ default: m.SignedInTopBarItems })),
);

export const SidebarPlaylists = lazy(() =>
  loadSignedInParts().then((m) => ({ default: m.SignedInSidebarPlaylists })),
);
