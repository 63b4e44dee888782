import { afterEach, describe, expect, it } from 'vitest';
import {
  DEFAULT_LISTENING_PREFERENCES,
  getListeningPreferences,
  LISTENING_STORAGE_KEY,
  resetListeningPreferences,
  setListeningPreferences,
  subscribeListeningPreferences,
} from './listening-preferences';

describe('listening preferences', () => {
  afterEach(() => {
    localStorage.clear();
    resetListeningPreferences();
  });

  it('keeps what was saved on this device and tells playback at once', () => {
    let heard = 0;
    const off = subscribeListeningPreferences(() => heard++);
    setListeningPreferences({ crossfade_seconds: 6, data_saver: 'on' });
    off();
    expect(heard).toBe(1);
    resetListeningPreferences();
    expect(getListeningPreferences()).toEqual({
      ...DEFAULT_LISTENING_PREFERENCES,
      crossfade_seconds: 6,
      data_saver: 'on',
    });
  });

  it('reads a damaged or older copy field by field, defaults for what does not fit', () => {
    localStorage.setItem(
      LISTENING_STORAGE_KEY,
      JSON.stringify({ loudness: 'loudest', format: 'wav', preamp_db: -2, data_saver: 'sometimes' }),
    );
    expect(getListeningPreferences()).toEqual({ ...DEFAULT_LISTENING_PREFERENCES, preamp_db: -2 });
    resetListeningPreferences();
    localStorage.setItem(LISTENING_STORAGE_KEY, '{not json');
    expect(getListeningPreferences()).toEqual(DEFAULT_LISTENING_PREFERENCES);
  });
});
