import { getBootstrapData, hasBootstrapData } from '@cadence/app-shell/bootstrap-store';
import type { TListeningSettings } from '@cadence/contracts/transcoding';
import { LOUDNESS_MODES } from '@cadence/contracts/transcoding-formats';
import { apiClient } from '@cadence/http-client/http-client';

/** The web player's own data saver (this device): on metered or slow connections, always, or never. */
export const DATA_SAVER_MODES = ['auto', 'on', 'off'] as const;
export type TDataSaverMode = (typeof DATA_SAVER_MODES)[number];

/** What playback reads synchronously: the account's listening settings and this device's data saver. */
export type TListeningPreferences = TListeningSettings & { data_saver: TDataSaverMode };

export const DEFAULT_LISTENING_PREFERENCES: TListeningPreferences = {
  max_bit_rate: null,
  format: null,
  loudness: 'track',
  preamp_db: 0,
  crossfade_seconds: 0,
  data_saver: 'auto',
};

export const LISTENING_STORAGE_KEY = 'cadence.listening';

function storage(): Storage | null {
  try {
    return globalThis.localStorage ?? null;
  } catch {
    return null;
  }
}

/** A saved copy, checked field by field (it may come from an older version of the app). */
function readSaved(): TListeningPreferences {
  try {
    const raw = JSON.parse(
      storage()?.getItem(LISTENING_STORAGE_KEY) ?? 'null',
    ) as Partial<TListeningPreferences>;
    if (!raw || typeof raw !== 'object') return DEFAULT_LISTENING_PREFERENCES;
    const base = DEFAULT_LISTENING_PREFERENCES;
    const num = (value: unknown, fallback: number) => (typeof value === 'number' ? value : fallback);
    return {
      max_bit_rate: typeof raw.max_bit_rate === 'number' ? raw.max_bit_rate : null,
      format: raw.format === 'opus' || raw.format === 'mp3' || raw.format === 'aac' ? raw.format : null,
      loudness: (LOUDNESS_MODES as readonly unknown[]).includes(raw.loudness) ? raw.loudness! : base.loudness,
      preamp_db: num(raw.preamp_db, base.preamp_db),
      crossfade_seconds: num(raw.crossfade_seconds, base.crossfade_seconds),
      data_saver: (DATA_SAVER_MODES as readonly unknown[]).includes(raw.data_saver)
        ? raw.data_saver!
        : base.data_saver,
    };
  } catch {
    return DEFAULT_LISTENING_PREFERENCES;
  }
}

let current: TListeningPreferences | null = null;
const listeners = new Set<() => void>();

/**
 * The listener's preferences as last known on this device: playback must not wait for a request
 * before the first sound, so the account's copy is kept in localStorage and refreshed in the
 * background (`refreshListeningPreferences`).
 */
export function getListeningPreferences(): TListeningPreferences {
  current ??= readSaved();
  return current;
}

export function setListeningPreferences(patch: Partial<TListeningPreferences>): void {
  current = { ...getListeningPreferences(), ...patch };
  try {
    storage()?.setItem(LISTENING_STORAGE_KEY, JSON.stringify(current));
  } catch {
    // Storage blocked: the preferences still hold until the page is closed.
  }
  for (const listener of listeners) listener();
}

export function subscribeListeningPreferences(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

let refreshed = false;

/** Fetches the account's settings once per page load for a signed-in listener (guests keep the defaults). */
export function refreshListeningPreferences(): void {
  if (refreshed || !hasBootstrapData() || !getBootstrapData().user) return;
  refreshed = true;
  apiClient
    .get<{ settings: TListeningSettings }>('account/listening')
    .then(({ settings }) => setListeningPreferences(settings))
    .catch(() => {
      refreshed = false; // offline or signed out meanwhile: the saved copy stays in use
    });
}

/** Tests start from a clean slate. */
export function resetListeningPreferences(): void {
  current = null;
  refreshed = false;
}
