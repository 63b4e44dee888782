import { useTrans } from '@cadence/app-shell/use-trans';
import { useMemo } from 'react';

const SOURCES: Record<string, string> = {
  album: 'Album page',
  artist: 'Artist page',
  playlist: 'Playlist',
  search: 'Search',
  radio: 'Radio',
  channel: 'Channel',
  track: 'Track page',
  library: 'Library',
  queue: 'Queue',
  embed: 'Embed',
  player: 'Player',
  api: 'API',
  other: 'Other',
};

const DEVICES: Record<string, string> = {
  mobile: 'Mobile',
  tablet: 'Tablet',
  desktop: 'Desktop',
  unknown: 'Unknown',
};

const PAGE_KINDS: Record<string, string> = {
  home: 'Home',
  landing: 'Landing page',
  discover: 'Discover',
  search: 'Search',
  artist: 'Artist pages',
  album: 'Album pages',
  track: 'Track pages',
  playlist: 'Playlists',
  user: 'Profiles',
  radio: 'Radio',
  channel: 'Channels',
  library: 'Library',
  lyrics: 'Lyrics',
  tag: 'Tags',
  account: 'Account settings',
  notifications: 'Notifications',
  pricing: 'Pricing',
  billing: 'Billing',
  auth: 'Sign in and sign up',
  page: 'Custom pages',
  embed: 'Embeds',
  other: 'Other',
};

const capitalise = (value: string) => value.charAt(0).toUpperCase() + value.slice(1);

/** Readable labels for the stored dimension values (countries by name in the reader's language). */
export function useLabels(language?: string) {
  const { trans } = useTrans();
  return useMemo(() => {
    let regions: Intl.DisplayNames | null = null;
    try {
      regions = new Intl.DisplayNames(language ? [language, 'en'] : ['en'], { type: 'region' });
    } catch {
      regions = null;
    }
    const from = (map: Record<string, string>) => (value: string) =>
      map[value] ? trans(map[value]) : capitalise(value);
    return {
      source: from(SOURCES),
      device: from(DEVICES),
      pageKind: from(PAGE_KINDS),
      platform: (value: string) => (value === 'ios' ? 'iOS' : capitalise(value)),
      browser: capitalise,
      country: (code: string) => {
        try {
          return regions?.of(code) ?? code;
        } catch {
          return code;
        }
      },
    };
  }, [language, trans]);
}
