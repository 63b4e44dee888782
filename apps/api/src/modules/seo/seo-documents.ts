import type { TAlbumResponse } from '@cadence/contracts/album';
import type { TArtistResponse } from '@cadence/contracts/artist';
import type { TChannelResponse } from '@cadence/contracts/channel';
import type { TCustomPageResponse } from '@cadence/contracts/custom-page';
import type { TPlaylistResponse } from '@cadence/contracts/playlist';
import type { TProfileResponse } from '@cadence/contracts/profile';
import type { TSearchResponse } from '@cadence/contracts/search';
import type { TSeoPageKey } from '@cadence/contracts/seo';
import type { TTrackResponse } from '@cadence/contracts/track';
import { escapeHtml, type TSeoVars } from './seo-template';
import { absoluteUrl, playerPaths } from './seo-urls';

/**
 * One listener page as search engines and link previews see it: the template to render, its
 * variables, and the page's main text as HTML for a crawler that runs no JavaScript.
 */
export type TSeoDocument = {
  key: TSeoPageKey;
  path: string;
  vars: TSeoVars;
  image: string | null;
  main: string;
};

export type TSeoSite = { siteName: string; siteDescription: string; baseUrl: string };

const DESCRIPTION_CHARS = 400;
const h = (value: string | number | null | undefined) => escapeHtml(String(value ?? ''));
const link = (base: string, path: string, text: string) =>
  `<a href="${h(absoluteUrl(base, path))}">${h(text)}</a>`;
const names = (refs: { name: string }[]) => refs.map((ref) => ref.name).join(', ');

function clip(text: string | null | undefined, max = DESCRIPTION_CHARS): string {
  const plain = (text ?? '')
    .replace(/<[^>]*>/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  return plain.length > max ? `${plain.slice(0, max - 1).trimEnd()}…` : plain;
}

/** ISO 8601 duration of milliseconds (`PT3M25S`), as schema.org wants it. */
function isoDuration(ms: number | null | undefined): string {
  if (!ms) return '';
  const total = Math.round(ms / 1000);
  const minutes = Math.floor(total / 60);
  return `PT${minutes ? `${minutes}M` : ''}${total % 60}S`;
}

const trackList = (base: string, tracks: { id: number; name: string; artists: { name: string }[] }[]) =>
  tracks.length
    ? `<ol>${tracks.map((track) => `<li>${link(base, playerPaths.track(track), track.name)}${track.artists.length ? ` - ${h(names(track.artists))}` : ''}</li>`).join('')}</ol>`
    : '';

export function albumDocument(site: TSeoSite, { album }: TAlbumResponse): TSeoDocument {
  const artist = album.artists[0]?.name ?? '';
  const tracks = album.tracks ?? [];
  const description =
    clip(album.description) ||
    `Listen to ${album.name}${artist ? ` by ${artist}` : ''} on ${site.siteName}: ${tracks.length} tracks.`;
  return {
    key: 'album_page',
    path: playerPaths.album(album, artist),
    image: album.image,
    vars: {
      'album.name': album.name,
      'album.artist': artist,
      'album.release_date': album.release_date,
      'album.tracks_count': tracks.length,
      description,
    },
    main: `<h1>${h(album.name)}</h1>${
      album.artists.length
        ? `<p>${album.artists.map((a) => link(site.baseUrl, playerPaths.artist(a), a.name)).join(', ')}</p>`
        : ''
    }${album.release_date ? `<p>${h(album.release_date)}</p>` : ''}<p>${h(description)}</p>${trackList(site.baseUrl, tracks)}`,
  };
}

export function trackDocument(site: TSeoSite, { track }: TTrackResponse): TSeoDocument {
  const artist = track.artists[0]?.name ?? '';
  const description =
    clip(track.description) ||
    `Listen to ${track.name}${artist ? ` by ${artist}` : ''}${track.album ? ` from ${track.album.name}` : ''} on ${site.siteName}.`;
  return {
    key: 'track_page',
    path: playerPaths.track(track),
    image: track.image ?? track.album?.image ?? null,
    vars: {
      'track.name': track.name,
      'track.artist': artist,
      'track.album': track.album?.name,
      'track.number': track.number,
      'track.duration': isoDuration(track.duration),
      'track.release_date': track.released_at?.slice(0, 10),
      description,
    },
    main: `<h1>${h(track.name)}</h1>${
      track.artists.length
        ? `<p>${track.artists.map((a) => link(site.baseUrl, playerPaths.artist(a), a.name)).join(', ')}</p>`
        : ''
    }${track.album ? `<p>${link(site.baseUrl, playerPaths.album(track.album, artist), track.album.name)}</p>` : ''}<p>${h(description)}</p>`,
  };
}

export function artistDocument(site: TSeoSite, { artist }: TArtistResponse): TSeoDocument {
  const description = clip(artist.description) || `Listen to ${artist.name} on ${site.siteName}.`;
  const albums = artist.albums ?? [];
  const topTracks = artist.top_tracks ?? [];
  return {
    key: 'artist_page',
    path: playerPaths.artist(artist),
    image: artist.image_large ?? artist.image_small,
    vars: { 'artist.name': artist.name, description },
    main: `<h1>${h(artist.name)}</h1><p>${h(description)}</p>${
      topTracks.length ? `<h2>Popular songs</h2>${trackList(site.baseUrl, topTracks)}` : ''
    }${
      albums.length
        ? `<h2>Albums</h2><ul>${albums.map((album) => `<li>${link(site.baseUrl, playerPaths.album(album, artist.name), album.name)}</li>`).join('')}</ul>`
        : ''
    }`,
  };
}

export function playlistDocument(site: TSeoSite, { playlist }: TPlaylistResponse): TSeoDocument {
  const editor = playlist.editors?.[0]?.name ?? playlist.owner?.name ?? '';
  const tracks = playlist.tracks ?? [];
  const description =
    clip(playlist.description) ||
    `${playlist.name}${editor ? ` by ${editor}` : ''}: ${tracks.length} tracks on ${site.siteName}.`;
  const recordings = tracks.slice(0, 10).map((track) => ({
    '@type': 'MusicRecording',
    name: track.name,
    url: absoluteUrl(site.baseUrl, playerPaths.track(track)),
    byArtist: track.artists[0] ? { '@type': 'MusicGroup', name: track.artists[0].name } : undefined,
  }));
  return {
    key: 'playlist_page',
    path: playerPaths.playlist(playlist),
    image: playlist.image ?? tracks[0]?.image ?? null,
    vars: {
      'playlist.name': playlist.name,
      'playlist.editor': editor,
      'playlist.tracks_count': tracks.length,
      'playlist.tracks_json': JSON.stringify(recordings).slice(1, -1),
      description,
    },
    main: `<h1>${h(playlist.name)}</h1>${editor ? `<p>${h(editor)}</p>` : ''}<p>${h(description)}</p>${trackList(site.baseUrl, tracks)}`,
  };
}

export function searchDocument(site: TSeoSite, query: string, body: TSearchResponse | null): TSeoDocument {
  const results = body?.results ?? {};
  const section = (title: string, items: { name: string; path: string }[] | undefined) =>
    items?.length
      ? `<h2>${title}</h2><ul>${items.map((item) => `<li>${link(site.baseUrl, item.path, item.name)}</li>`).join('')}</ul>`
      : '';
  return {
    key: 'search_page',
    path: query ? playerPaths.search(query) : '/search',
    image: null,
    vars: {
      query,
      description: query
        ? `Search results for ${query} on ${site.siteName}: artists, albums, tracks and playlists.`
        : site.siteDescription,
    },
    main: `<h1>${h(query ? `Search results for ${query}` : 'Search')}</h1>${section(
      'Artists',
      results.artists?.map((a) => ({ name: a.name, path: playerPaths.artist(a) })),
    )}${section(
      'Albums',
      results.albums?.map((a) => ({ name: a.name, path: playerPaths.album(a, a.artists[0]?.name) })),
    )}${section(
      'Tracks',
      results.tracks?.map((t) => ({
        name: `${t.name}${t.artists.length ? ` - ${names(t.artists)}` : ''}`,
        path: playerPaths.track(t),
      })),
    )}${section(
      'Playlists',
      results.playlists?.map((p) => ({ name: p.name, path: playerPaths.playlist(p) })),
    )}`,
  };
}

export function channelDocument(site: TSeoSite, path: string, { channel }: TChannelResponse): TSeoDocument {
  const title = channel.config.seo_title || site.siteName;
  const items = channel.content.data.flatMap((item) =>
    item.model_type === 'channel' ? item.content.data : [item],
  );
  const entry = (item: (typeof items)[number]): string | null => {
    switch (item.model_type) {
      case 'album':
        return link(site.baseUrl, playerPaths.album(item, item.artists[0]?.name), item.name);
      case 'track':
        return link(site.baseUrl, playerPaths.track(item), item.name);
      case 'artist':
        return link(site.baseUrl, playerPaths.artist(item), item.name);
      case 'playlist':
        return link(site.baseUrl, playerPaths.playlist(item), item.name);
      case 'user':
        return link(site.baseUrl, playerPaths.user(item), item.name);
      default:
        return h(item.name);
    }
  };
  return {
    key: 'channel_page',
    path,
    image: null,
    vars: {
      'channel.title': title,
      'channel.name': channel.name,
      description: channel.config.seo_description || site.siteDescription,
    },
    main: `<h1>${h(channel.name)}</h1>${items.length ? `<ul>${items.map((item) => `<li>${entry(item)}</li>`).join('')}</ul>` : ''}`,
  };
}

export function profileDocument(site: TSeoSite, { profile }: TProfileResponse): TSeoDocument {
  const description = clip(profile.description) || `${profile.user.name} on ${site.siteName}.`;
  return {
    key: 'user_profile_page',
    path: playerPaths.user(profile.user),
    image: profile.user.image,
    vars: { 'user.name': profile.user.name, description },
    main: `<h1>${h(profile.user.name)}</h1><p>${h(description)}</p>`,
  };
}

export function customPageDocument({ page, seo }: TCustomPageResponse): TSeoDocument {
  return {
    key: 'custom_page',
    path: playerPaths.customPage(page),
    image: null,
    vars: { 'page.title': page.meta_title || page.title, description: seo.description },
    // The body is the api's sanitised HTML (custom-pages sanitise on save and on read).
    main: `<h1>${h(page.title)}</h1>${page.body}`,
  };
}

export function landingDocument(site: TSeoSite, header: { title: string; subtitle: string }): TSeoDocument {
  return {
    key: 'landing_page',
    path: '/',
    image: null,
    vars: {
      description:
        site.siteDescription ||
        `Listen to music free on ${site.siteName}: discover artists, albums, tracks and playlists, and stream them on any device.`,
    },
    main: `<h1>${h(header.title)}</h1>${header.subtitle ? `<p>${h(header.subtitle)}</p>` : ''}`,
  };
}
