import { accessLoader } from '@cadence/app-shell/require-access';
import type { QueryClient } from '@tanstack/react-query';
import type { LoaderFunctionArgs, RouteObject } from 'react-router';
import { albumQuery, artistQuery, playlistQuery, trackQuery } from '../features/catalogue/catalogue-queries';
import { prefetchChannel } from '../features/channels/channel-prefetch';
import { searchAllQuery } from '../features/search/search-queries';

const page =
  <K extends string>(load: () => Promise<Record<K, React.ComponentType>>, name: K) =>
  () =>
    load().then((module) => ({ Component: module[name] }));

const channel = page(() => import('./channel-page'), 'ChannelPage');
const library = page(() => import('./library-page'), 'LibraryPage');
const notifications = page(
  () => import('@cadence/app-shell/notifications/notifications-page'),
  'NotificationsPage',
);
const notificationSettings = page(
  () => import('@cadence/app-shell/notifications/notification-settings-page'),
  'NotificationSettingsPage',
);
const workspaces = page(() => import('@cadence/app-shell/workspaces/workspaces-page'), 'WorkspacesPage');
const workspace = page(() => import('@cadence/app-shell/workspaces/workspace-page'), 'WorkspacePage');
const search = page(() => import('./search-page'), 'SearchPage');
const tag = page(() => import('./tag-page'), 'TagPage');
const user = page(() => import('./user-page'), 'UserPage');
const artist = page(() => import('./artist-page'), 'ArtistPage');

/** A numeric route id, or null (the page then shows its own error without a wasted request). */
const numeric = (value: string | undefined) => (value && /^\d+$/.test(value) ? Number(value) : null);

/**
 * Spec 2.11 listener routes inside the player layout (each page its own chunk). A page's main
 * query starts in its loader, in parallel with the chunk; the loader does not wait for it.
 */
export const playerRoutes = (queryClient: QueryClient): RouteObject[] => {
  const onId =
    (name: string, prefetch: (id: number) => Promise<void>) =>
    ({ params }: LoaderFunctionArgs) => {
      const id = numeric(params[name]);
      if (id !== null) void prefetch(id);
      return null;
    };
  const artistLoader = onId('artistId', (id) => queryClient.prefetchQuery(artistQuery(id)));
  // Only the "All" tab: a tab name is checked by the page (its list of types carries zod).
  const searchLoader = ({ params: { searchQuery = '', tabName = 'all' } }: LoaderFunctionArgs) => {
    const text = searchQuery.trim();
    if (text && tabName === 'all') void queryClient.prefetchQuery(searchAllQuery(text));
    return null;
  };
  const channelLoader = ({ params }: LoaderFunctionArgs) =>
    prefetchChannel(queryClient, params.slugOrId ?? '', params.restriction);
  return [
    { path: 'artist/:artistId', loader: artistLoader, lazy: artist },
    { path: 'artist/:artistId/:artistName', loader: artistLoader, lazy: artist },
    {
      path: 'album/:albumId/:artistName/:albumName',
      loader: onId('albumId', (id) => queryClient.prefetchQuery(albumQuery(id))),
      lazy: page(() => import('./album-page'), 'AlbumPage'),
    },
    {
      path: 'track/:trackId/:trackName',
      loader: onId('trackId', (id) => queryClient.prefetchQuery(trackQuery(id))),
      lazy: page(() => import('./track-page'), 'TrackPage'),
    },
    {
      path: 'playlist/:playlistId/:playlistName',
      loader: onId('playlistId', (id) => queryClient.prefetchQuery(playlistQuery(id))),
      lazy: page(() => import('./playlist-page'), 'PlaylistPage'),
    },
    { path: 'party/:code', lazy: page(() => import('../features/parties/party-page'), 'PartyPage') },
    { path: 'search', lazy: search },
    { path: 'search/:searchQuery', loader: searchLoader, lazy: search },
    { path: 'search/:searchQuery/:tabName', loader: searchLoader, lazy: search },
    { path: 'tag/:tagName', lazy: tag },
    { path: 'tag/:tagName/:tab', lazy: tag },
    { path: 'user/:userId/:userName', lazy: user },
    { path: 'user/:userId/:userName/:tabName', lazy: user },
    { path: 'radio/:seedType/:seedId/:seedName', lazy: page(() => import('./radio-page'), 'RadioPage') },
    { path: 'library', loader: accessLoader({ requireLogin: true }), lazy: library },
    { path: 'notifications', loader: accessLoader({ requireLogin: true }), lazy: notifications },
    {
      path: 'notifications/settings',
      loader: accessLoader({ requireLogin: true }),
      lazy: notificationSettings,
    },
    { path: 'library/:section', loader: accessLoader({ requireLogin: true }), lazy: library },
    { path: 'workspaces', loader: accessLoader({ requireLogin: true }), lazy: workspaces },
    { path: 'workspaces/:workspaceId', loader: accessLoader({ requireLogin: true }), lazy: workspace },
    { path: 'channel/:slugOrId', loader: channelLoader, lazy: channel },
    { path: 'channel/:slugOrId/:restriction', loader: channelLoader, lazy: channel },
    // Ranked after every static path, so /login, /discover... keep their own pages.
    { path: ':slugOrId', loader: channelLoader, lazy: channel },
    { path: ':slugOrId/:restriction', loader: channelLoader, lazy: channel },
  ];
};

/** Embeds render without the shell's sidebar and bars, to live inside an iframe. */
export const embedRoutes: RouteObject[] = [
  {
    path: 'track/:trackId/:trackName/embed',
    lazy: page(() => import('./track-embed-page'), 'TrackEmbedPage'),
  },
  {
    path: 'album/:albumId/:artistName/:albumName/embed',
    lazy: page(() => import('./album-embed-page'), 'AlbumEmbedPage'),
  },
];
