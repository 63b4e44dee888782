import { RADIO_NO_REPEAT_WINDOW, type TRadioResponse } from '@cadence/contracts/radio';
import { apiClient } from '@cadence/http-client/http-client';
import { toPlayerTrack } from '../catalogue/to-player-track';
import { getPlayer } from '../playback/player-instance';
import type { TPlayerStore } from '../playback/player-store';

/** Refill when this few tracks are left after the current one. */
export const REFILL_WHEN_LEFT = 3;

export function fetchRadio(seedType: string, seedId: string, excludeIds: number[] = []) {
  return apiClient.get<TRadioResponse>(`radio/${seedType}/${encodeURIComponent(seedId)}`, {
    params: { perPage: 20, exclude: excludeIds.slice(-RADIO_NO_REPEAT_WINDOW).join(',') || undefined },
  });
}

/**
 * What a refill excludes: first the last `RADIO_NO_REPEAT_WINDOW` tracks of the queue (no repeat
 * within the window); as a fallback only the current and upcoming ones.
 */
export function refillExclusions(queueIds: number[], currentIndex: number): [number[], number[]] {
  const recent = queueIds.slice(-RADIO_NO_REPEAT_WINDOW);
  const upcoming = queueIds.slice(Math.max(0, currentIndex));
  return [recent, upcoming];
}

let stopCurrent: (() => void) | null = null;

/**
 * Plays a radio and keeps its queue topped up as it plays. It ends when the listener plays
 * something else (the queue's first item is no longer the radio's).
 */
export async function startRadio(seedType: string, seedId: string, store: TPlayerStore = getPlayer()) {
  stopCurrent?.();
  const first = await fetchRadio(seedType, seedId);
  const tracks = first.tracks.map((track) => toPlayerTrack(track));
  if (tracks.length === 0) return false;
  store.playTracks(tracks, 0);
  const anchorKey = store.getSnapshot().queue.items[0]?.key;
  let isLoading = false;
  let isExhausted = false;
  const check = () => {
    const { queue } = store.getSnapshot();
    if (queue.items[0]?.key !== anchorKey) return stop();
    if (isLoading || isExhausted || queue.items.length - 1 - queue.currentIndex > REFILL_WHEN_LEFT) return;
    isLoading = true;
    const [recent, upcoming] = refillExclusions(
      queue.items.map((item) => item.track.id),
      queue.currentIndex,
    );
    fetchRadio(seedType, seedId, recent)
      // A small catalogue runs out of unheard tracks: then repeat, but never what is still queued.
      .then((next) => (next.tracks.length > 0 ? next : fetchRadio(seedType, seedId, upcoming)))
      .then((next) => {
        if (next.tracks.length === 0) isExhausted = true;
        else
          store.addToQueue(
            next.tracks.map((track) => toPlayerTrack(track)),
            'radio',
          );
      })
      .catch(() => {
        isExhausted = true;
      })
      .finally(() => {
        isLoading = false;
      });
  };
  const unsubscribe = store.subscribe(check);
  const stop = () => {
    unsubscribe();
    if (stopCurrent === stop) stopCurrent = null;
  };
  stopCurrent = stop;
  check();
  return true;
}
