import { getBootstrapData } from '@cadence/app-shell/bootstrap-store';
import type { TRepeatMode } from './player-track';

export interface TPlayerSettings {
  defaultVolume: number;
  defaultRepeat: TRepeatMode;
  seekbarType: 'waveform' | 'line';
  hideQueue: boolean;
  hideLyrics: boolean;
  enableDownload: boolean;
}

type TRawPlayerSettings = Partial<{
  default_volume: number;
  repeat_default: string;
  seekbar_type: string;
  hide_queue: boolean;
  hide_lyrics: boolean;
  enable_download: boolean;
}>;

/** The admin "player" tab (settings pass through bootstrap data as `settings.player`). */
export function readPlayerSettings(settings: unknown): TPlayerSettings {
  const raw = ((settings as { player?: TRawPlayerSettings } | null)?.player ?? {}) as TRawPlayerSettings;
  const repeat = raw.repeat_default;
  return {
    defaultVolume: typeof raw.default_volume === 'number' ? raw.default_volume : 30,
    // The settings say "none" where the player says "off".
    defaultRepeat: repeat === 'one' ? 'one' : repeat === 'none' ? 'off' : 'all',
    seekbarType: raw.seekbar_type === 'waveform' ? 'waveform' : 'line',
    hideQueue: raw.hide_queue === true,
    hideLyrics: raw.hide_lyrics === true,
    enableDownload: raw.enable_download === true,
  };
}

export function getPlayerSettings(): TPlayerSettings {
  return readPlayerSettings(getBootstrapData().settings);
}
