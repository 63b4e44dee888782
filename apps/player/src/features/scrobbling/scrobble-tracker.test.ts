import { describe, expect, it } from 'vitest';
import { createScrobbleTracker } from './scrobble-tracker';

function recorder() {
  const events: string[] = [];
  const tracker = createScrobbleTracker({
    nowPlaying: (trackId) => events.push(`now:${trackId}`),
    scrobble: (trackId, ms) => events.push(`scrobble:${trackId}:${ms}`),
  });
  return { events, tracker };
}

/** Plays `seconds` of listening from `from`, one position report a second. */
function listen(
  tracker: ReturnType<typeof createScrobbleTracker>,
  view: { playId: number; trackId: number; durationMs: number },
  from: number,
  seconds: number,
) {
  for (let s = 0; s <= seconds; s += 1)
    tracker.update({
      playId: view.playId,
      trackId: view.trackId,
      trackDurationMs: view.durationMs,
      isPlaying: true,
      position: from + s,
    });
}

describe('the scrobble tracker', () => {
  it('says now playing once per play and scrobbles once at half the track', () => {
    const { events, tracker } = recorder();
    listen(tracker, { playId: 1, trackId: 7, durationMs: 100_000 }, 0, 49);
    expect(events).toEqual(['now:7']);
    listen(tracker, { playId: 1, trackId: 7, durationMs: 100_000 }, 49, 10);
    expect(events).toEqual(['now:7', 'scrobble:7:50000']);
    listen(tracker, { playId: 2, trackId: 7, durationMs: 100_000 }, 0, 1);
    expect(events.at(-1)).toBe('now:7');
  });

  it('waits at most 4 minutes, never counts a seek ahead, and never scrobbles a track of 30 s', () => {
    const { events, tracker } = recorder();
    const long = { playId: 1, trackId: 3, durationMs: 3_600_000 };
    listen(tracker, long, 0, 10);
    listen(tracker, long, 1000, 230);
    expect(events).toEqual(['now:3', 'scrobble:3:240000']);
    const jingle = { playId: 2, trackId: 4, durationMs: 30_000 };
    listen(tracker, jingle, 0, 30);
    expect(events.slice(2)).toEqual(['now:4']);
  });
});
