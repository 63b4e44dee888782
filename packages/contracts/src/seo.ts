import { z } from 'zod';
import { lazySchema } from './lazy-schema';

/**
 * The head templates of the listener pages (design settings-and-permissions.md section 6). The
 * api renders them into every player page it serves; the appearance editor edits them, and an
 * override (setting `seo.<key>`) replaces the shipped one until "Reset to original".
 *
 * A template is head HTML with `{{path}}` placeholders (`{{album.name}}`, `{{site_name}}`). Every
 * value is escaped for where it lands: HTML-escaped in tags and attributes, JSON-escaped inside
 * `<script type="application/ld+json">`. A `<meta>` or `<link>` whose value comes out empty is
 * dropped, so descriptions appear only when there is text.
 */
export const SEO_PAGE_KEYS = [
  'artist_page',
  'album_page',
  'track_page',
  'playlist_page',
  'landing_page',
  'channel_page',
  'user_profile_page',
  'search_page',
  'custom_page',
] as const;
export type TSeoPageKey = (typeof SEO_PAGE_KEYS)[number];

/** Tags every page carries, with its own `title`, `description`, `image` and `type`. */
const common = (ogType: string) => `<meta name="description" content="{{description}}">
<link rel="canonical" href="{{url}}">
<meta property="og:site_name" content="{{site_name}}">
<meta property="og:type" content="${ogType}">
<meta property="og:title" content="{{title}}">
<meta property="og:description" content="{{description}}">
<meta property="og:url" content="{{url}}">
<meta property="og:image" content="{{image}}">
<meta name="twitter:card" content="{{twitter_card}}">
<meta name="twitter:title" content="{{title}}">
<meta name="twitter:description" content="{{description}}">
<meta name="twitter:image" content="{{image}}">`;

const page = (title: string, ogType: string, jsonLd: string) =>
  `<title>${title}</title>\n${common(ogType)}\n<script type="application/ld+json">${jsonLd}</script>`;

export const defaultSeoTemplates: Record<TSeoPageKey, string> = {
  artist_page: page(
    '{{artist.name}} - {{site_name}}',
    'music.musician',
    '{"@context":"https://schema.org","@type":"MusicGroup","name":"{{artist.name}}","url":"{{url}}","image":"{{image}}","description":"{{description}}"}',
  ),
  album_page: page(
    '{{album.name}} - {{album.artist}} - {{site_name}}',
    'music.album',
    '{"@context":"https://schema.org","@type":"MusicAlbum","name":"{{album.name}}","url":"{{url}}","image":"{{image}}","datePublished":"{{album.release_date}}","byArtist":{"@type":"MusicGroup","name":"{{album.artist}}"},"numTracks":"{{album.tracks_count}}"}',
  ),
  track_page: page(
    '{{track.artist}} - {{track.name}} - {{site_name}}',
    'music.song',
    '{"@context":"https://schema.org","@type":"MusicRecording","name":"{{track.name}}","url":"{{url}}","image":"{{image}}","duration":"{{track.duration}}","datePublished":"{{track.release_date}}","byArtist":{"@type":"MusicGroup","name":"{{track.artist}}"},"inAlbum":{"@type":"MusicAlbum","name":"{{track.album}}"}}',
  ),
  playlist_page: page(
    '{{playlist.name}} by {{playlist.editor}} - {{site_name}}',
    'music.playlist',
    '{"@context":"https://schema.org","@type":"MusicPlaylist","name":"{{playlist.name}}","url":"{{url}}","image":"{{image}}","numTracks":"{{playlist.tracks_count}}","track":[{{playlist.tracks_json}}]}',
  ),
  landing_page: `${page(
    '{{site_name}} - Listen to music free.',
    'website',
    '{"@context":"https://schema.org","@type":"WebSite","name":"{{site_name}}","url":"{{url}}"}',
  )}\n<meta name="keywords" content="music, online, listen, streaming, play, digital, album, artist, playlist">`,
  channel_page: page(
    '{{channel.title}}',
    'website',
    '{"@context":"https://schema.org","@type":"WebPage","name":"{{channel.title}}","url":"{{url}}"}',
  ),
  user_profile_page: page(
    '{{user.name}} - {{site_name}}',
    'profile',
    '{"@context":"https://schema.org","@type":"ProfilePage","name":"{{user.name}}","url":"{{url}}","mainEntity":{"@type":"Person","name":"{{user.name}}","image":"{{image}}"}}',
  ),
  search_page: page(
    'Search results for {{query}} - {{site_name}}',
    'website',
    '{"@context":"https://schema.org","@type":"SearchResultsPage","name":"Search results for {{query}}","url":"{{url}}"}',
  ),
  custom_page: page(
    '{{page.title}} - {{site_name}}',
    'article',
    '{"@context":"https://schema.org","@type":"WebPage","name":"{{page.title}}","url":"{{url}}","description":"{{description}}"}',
  ),
};

/** The setting that overrides a template (`seo.album_page`). */
export const seoSettingKey = (key: TSeoPageKey) => `seo.${key}` as const;

/** `/sitemap-{file}`: one file the sitemap index lists. */
export const ZSitemapFileParamsSchema = lazySchema(() => z.object({ file: z.string().max(40) }));
