import { useSettings } from '@cadence/app-shell/use-bootstrap-data';

/** Artist page tabs by id (design "settings-and-permissions", player tab). */
export const ARTIST_TABS = {
  1: 'discography',
  2: 'similar',
  3: 'about',
  4: 'tracks',
  5: 'albums',
  6: 'followers',
} as const;
export type TArtistTab = (typeof ARTIST_TABS)[keyof typeof ARTIST_TABS];

export interface TListenerSettings {
  showBecomeArtist: boolean;
  showUploadButton: boolean;
  hideRadioButton: boolean;
  albumLayout: 'list' | 'grid';
  /** The artist page's sections, in the admin's order, active ones only. */
  artistTabs: TArtistTab[];
  showArtistDescription: boolean;
}

type TRaw = {
  player?: Partial<{
    show_become_artist_button: boolean;
    show_upload_button: boolean;
    hide_radio_button: boolean;
    default_artist_view: string;
  }>;
  artist_page?: Partial<{ tabs: { id: number; active: boolean }[]; show_description: boolean }>;
};

const defaultTabs: TArtistTab[] = ['discography', 'similar', 'about'];

function readTabs(tabs: unknown): TArtistTab[] {
  if (!Array.isArray(tabs)) return defaultTabs;
  return tabs.flatMap((tab: { id?: unknown; active?: unknown }) => {
    const name = ARTIST_TABS[tab?.id as keyof typeof ARTIST_TABS];
    return name && tab.active === true ? [name] : [];
  });
}

/** The player-tab settings a listener sees (bootstrap `settings.player` and `settings.artist_page`). */
export function readListenerSettings(settings: unknown): TListenerSettings {
  const raw = (settings ?? {}) as TRaw;
  const player = raw.player ?? {};
  const artistPage = raw.artist_page ?? {};
  return {
    showBecomeArtist: player.show_become_artist_button === true,
    showUploadButton: player.show_upload_button === true,
    hideRadioButton: player.hide_radio_button === true,
    albumLayout: player.default_artist_view === 'grid' ? 'grid' : 'list',
    artistTabs: readTabs(artistPage.tabs),
    showArtistDescription: artistPage.show_description === true,
  };
}

export function useListenerSettings(): TListenerSettings {
  return readListenerSettings(useSettings());
}
