import type { TSeoPageKey } from './seo';

/** Every page's template is filled with these (the api's seo-head adds them to the page's own). */
const COMMON = ['site_name', 'url', 'image', 'twitter_card', 'title', 'description'] as const;

/** The placeholders each page's template can use: what the api's seo-documents give it. */
export const SEO_PLACEHOLDERS: Record<TSeoPageKey, readonly string[]> = {
  artist_page: [...COMMON, 'artist.name'],
  album_page: [...COMMON, 'album.name', 'album.artist', 'album.release_date', 'album.tracks_count'],
  track_page: [
    ...COMMON,
    'track.name',
    'track.artist',
    'track.album',
    'track.number',
    'track.duration',
    'track.release_date',
  ],
  playlist_page: [
    ...COMMON,
    'playlist.name',
    'playlist.editor',
    'playlist.tracks_count',
    'playlist.tracks_json',
  ],
  landing_page: [...COMMON],
  channel_page: [...COMMON, 'channel.title', 'channel.name'],
  user_profile_page: [...COMMON, 'user.name'],
  search_page: [...COMMON, 'query'],
  custom_page: [...COMMON, 'page.title'],
};

const PLACEHOLDER = /\{\{\s*([^{}]*?)\s*\}\}/g;

/** The placeholders of `template` its page does not know, in order, each once. */
export function unknownSeoPlaceholders(key: TSeoPageKey, template: string): string[] {
  const known = new Set(SEO_PLACEHOLDERS[key]);
  const unknown = new Set<string>();
  for (const match of template.matchAll(PLACEHOLDER)) {
    const name = match[1] ?? '';
    if (!known.has(name)) unknown.add(name);
  }
  return [...unknown];
}

/** The validation line (localization format) for a template that uses an unknown placeholder. */
export const UNKNOWN_SEO_PLACEHOLDER_LINE =
  'The placeholder {{:placeholder}} is not available on this page. Available: :available.';

export function unknownSeoPlaceholderMessage(key: TSeoPageKey, placeholder: string): string {
  return UNKNOWN_SEO_PLACEHOLDER_LINE.replace(':placeholder', placeholder).replace(
    ':available',
    SEO_PLACEHOLDERS[key].map((name) => `{{${name}}}`).join(', '),
  );
}

/** Values the admin's preview fills a template with: what a typical page would show. */
const SAMPLE_VALUES: Record<string, string> = {
  url: 'https://example.com/page',
  image: 'https://example.com/image.jpg',
  twitter_card: 'summary_large_image',
  description: 'A short description of this page.',
  'artist.name': 'Nina Vale',
  'album.name': 'Night Swim',
  'album.artist': 'Nina Vale',
  'album.release_date': '2024-05-17',
  'album.tracks_count': '11',
  'track.name': 'First Light',
  'track.artist': 'Nina Vale',
  'track.album': 'Night Swim',
  'track.number': '1',
  'track.duration': 'PT3M25S',
  'track.release_date': '2024-05-17',
  'playlist.name': 'Late Drive',
  'playlist.editor': 'Mia',
  'playlist.tracks_count': '24',
  'playlist.tracks_json': '',
  'channel.title': 'Popular albums',
  'channel.name': 'Popular albums',
  'user.name': 'Mia',
  query: 'night swim',
  'page.title': 'About us',
};

const plain = (text: string, vars: Record<string, string>) =>
  text
    .replace(PLACEHOLDER, (_, name: string) => vars[name] ?? '')
    .replace(/\s+/g, ' ')
    .trim();

/**
 * The title and description a template renders to with sample values, as the admin's preview
 * shows them. An empty title is what the api replaces with the original template's.
 */
export function previewSeoTemplate(
  template: string,
  siteName: string,
): { title: string; description: string } {
  const vars = { ...SAMPLE_VALUES, site_name: siteName };
  const description = plain(
    /<meta\s+name="description"\s+content="([^"]*)"/i.exec(template)?.[1] ?? '',
    vars,
  );
  const title = plain(/<title>([\s\S]*?)<\/title>/i.exec(template)?.[1] ?? '', vars);
  return { title, description };
}
