import { accessLoader } from '@cadence/app-shell/require-access';
import type { PermissionName } from '@cadence/permissions/catalogue';
import type { RouteObject } from 'react-router';

const page = (
  permission: PermissionName,
  load: () => Promise<{ Component: React.ComponentType }>,
): Partial<RouteObject> => ({
  loader: accessLoader({ permissions: [permission] }),
  lazy: load,
});

/** The music pages of the admin (issue 12), each behind the permission its api checks. */
export const musicRoutes: RouteObject[] = [
  {
    path: 'tracks',
    ...page('tracks.view', () => import('./tracks-page').then((m) => ({ Component: m.TracksPage }))),
  },
  {
    path: 'tracks/new',
    ...page('tracks.create', () =>
      import('./music-edit-pages').then((m) => ({ Component: m.AdminTrackPage })),
    ),
  },
  {
    path: 'tracks/:id/edit',
    ...page('tracks.update', () =>
      import('./music-edit-pages').then((m) => ({ Component: m.AdminTrackPage })),
    ),
  },
  {
    path: 'albums/new',
    ...page('albums.create', () =>
      import('./music-edit-pages').then((m) => ({ Component: m.AdminAlbumPage })),
    ),
  },
  {
    path: 'albums/:id/edit',
    ...page('albums.update', () =>
      import('./music-edit-pages').then((m) => ({ Component: m.AdminAlbumPage })),
    ),
  },
  {
    path: 'artists/new',
    ...page('artists.create', () =>
      import('./music-edit-pages').then((m) => ({ Component: m.AdminArtistPage })),
    ),
  },
  {
    path: 'artists/:id/edit',
    ...page('artists.update', () =>
      import('./music-edit-pages').then((m) => ({ Component: m.AdminArtistPage })),
    ),
  },
  {
    path: 'albums',
    ...page('albums.view', () => import('./albums-page').then((m) => ({ Component: m.AlbumsPage }))),
  },
  {
    path: 'artists',
    ...page('artists.view', () => import('./artists-page').then((m) => ({ Component: m.ArtistsPage }))),
  },
  {
    // music.create is what the upload api checks; tracks.update lets it credit any artist.
    path: 'upload',
    loader: accessLoader({ permissions: ['music.create', 'tracks.update'] }),
    lazy: () => import('./upload-page').then((m) => ({ Component: m.UploadPage })),
  },
  {
    path: 'genres',
    ...page('genres.update', () => import('./genres-page').then((m) => ({ Component: m.GenresPage }))),
  },
  {
    path: 'tags',
    ...page('tags.update', () => import('./tags-page').then((m) => ({ Component: m.TagsPage }))),
  },
  {
    path: 'playlists',
    ...page('playlists.update', () =>
      import('./playlists-page').then((m) => ({ Component: m.PlaylistsPage })),
    ),
  },
  {
    path: 'lyrics',
    ...page('lyrics.update', () => import('./lyrics-page').then((m) => ({ Component: m.LyricsPage }))),
  },
  {
    path: 'comments',
    ...page('comments.update', () => import('./comments-page').then((m) => ({ Component: m.CommentsPage }))),
  },
  {
    path: 'reports',
    ...page('reports.handle', () => import('./reports-page').then((m) => ({ Component: m.ReportsPage }))),
  },
  {
    path: 'channels',
    ...page('channels.view', () =>
      import('../channels/channels-page').then((m) => ({ Component: m.ChannelsPage })),
    ),
  },
  {
    path: 'channels/docs',
    ...page('channels.view', () =>
      import('../channels/channels-docs-page').then((m) => ({ Component: m.ChannelsDocsPage })),
    ),
  },
  {
    path: 'channels/new',
    ...page('channels.create', () =>
      import('../channels/channel-editor-page').then((m) => ({ Component: m.ChannelEditorPage })),
    ),
  },
  {
    path: 'channels/:slugOrId/edit',
    ...page('channels.update', () =>
      import('../channels/channel-editor-page').then((m) => ({ Component: m.ChannelEditorPage })),
    ),
  },
];
