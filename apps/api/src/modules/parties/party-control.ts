import type { TPartyControl } from '@cadence/contracts/party';
import { partyPlaceAt, type TPartyTimeline, timelineAt } from '@cadence/contracts/party-timeline';
import { validationError } from '../../platform/http/app-error';

export type TPartyState = {
  track_ids: number[];
  host_id: number;
  timeline: TPartyTimeline;
};

/** Moves one entry; the current index follows the entry that is playing. */
function reorder(state: TPartyState, from: number, to: number, now: number, durations: (number | null)[]) {
  const size = state.track_ids.length;
  if (from >= size || to >= size) throw validationError({ to: 'There is no such place in the queue.' });
  const ids = [...state.track_ids];
  const [moved] = ids.splice(from, 1);
  ids.splice(to, 0, moved as number);
  const place = partyPlaceAt(state.timeline, durations, now);
  let index = place.index;
  if (index === from) index = to;
  else if (from < index && to >= index) index -= 1;
  else if (from > index && to <= index) index += 1;
  return {
    track_ids: ids,
    timeline: timelineAt(index, place.position_ms, state.timeline.is_playing, now),
  };
}

/**
 * The party's next state after a host's control, at server time `now` (pure: the service locks,
 * checks the role and revision, and stores what this returns). Hand-over is the service's (it
 * needs the members); everything else is here.
 */
export function applyControl(
  state: TPartyState,
  control: Exclude<TPartyControl, { action: 'hand_over' }>,
  durations: (number | null)[],
  now: number,
): Pick<TPartyState, 'timeline'> & Partial<Pick<TPartyState, 'track_ids'>> {
  const place = partyPlaceAt(state.timeline, durations, now);
  switch (control.action) {
    case 'play':
      // Play at the end of the queue starts it over.
      return place.is_ended
        ? { timeline: timelineAt(0, 0, true, now) }
        : { timeline: timelineAt(place.index, place.position_ms, true, now) };
    case 'pause':
      return { timeline: timelineAt(place.index, place.position_ms, false, now) };
    case 'seek': {
      const duration = durations[place.index];
      if (duration && control.position_ms > duration)
        throw validationError({ position_ms: 'That is past the end of the track.' });
      return { timeline: timelineAt(place.index, control.position_ms, state.timeline.is_playing, now) };
    }
    case 'skip': {
      const to = control.to_index ?? place.index + 1;
      if (to >= state.track_ids.length) throw validationError({ to_index: 'There is no next track.' });
      return { timeline: timelineAt(to, 0, state.timeline.is_playing || place.is_ended, now) };
    }
    case 'reorder':
      return reorder(state, control.from, control.to, now, durations);
  }
}
