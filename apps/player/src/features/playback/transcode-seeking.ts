/**
 * Where each element's stream starts in its track, and the seeks that may load a stream again
 * (issue 36, planning in transcode-seek.ts). The planning is loaded on the first seek in a stream
 * the api transcodes, not with the first page: a seek in a plain stream sets `currentTime` at once.
 */
import type { TSeekPlan } from './transcode-seek';
import { isTranscodeUrl } from './transcode-url';

type TSeekPlanner = typeof import('./transcode-seek');

const loadSeekPlanner = (): Promise<TSeekPlanner> => import('./transcode-seek');

/** The track's position the listener sees: where the element's stream started, plus its own time. */
export function shownPosition(offset: number, currentTime: number): number {
  return offset + (Number.isFinite(currentTime) ? currentTime : 0);
}

/**
 * The track's duration to show: the element's own when it knows it (plus the offset its stream
 * starts at), else the catalogue's (a live transcode has no length: `Infinity` or NaN).
 */
export function shownDuration(offset: number, elementDuration: number, trackMs: number | null): number {
  if (Number.isFinite(elementDuration) && elementDuration > 0) return offset + elementDuration;
  return trackMs !== null && trackMs > 0 ? trackMs / 1000 : Number.NaN;
}

/**
 * The offsets the elements' streams start at, and the seeks that may load a stream again. The
 * driver calls `forget` whenever it gives an element another source.
 */
export function createTranscodeSeeking(probe?: (url: string) => Promise<boolean>) {
  /** Set once loaded: later seeks in a transcode plan at once, in the listener's own event. */
  let planner: TSeekPlanner | undefined;
  const offsets = new WeakMap<HTMLMediaElement, number>();
  /** A seek waiting for its probe: the position shown meanwhile (the element still plays the old spot). */
  const pending = new WeakMap<HTMLMediaElement, number>();
  let latest = 0;
  const offsetOf = (element: HTMLMediaElement) => offsets.get(element) ?? 0;

  return {
    offsetOf,
    position: (element: HTMLMediaElement) =>
      pending.get(element) ?? shownPosition(offsetOf(element), element.currentTime),
    duration: (element: HTMLMediaElement, trackMs: number | null) =>
      shownDuration(offsetOf(element), element.duration, trackMs),
    forget(element: HTMLMediaElement) {
      offsets.delete(element);
      pending.delete(element);
    },
    /**
     * Seeks `element` to `position` seconds of its track; `reload(url)` loads a stream from an
     * offset into it (the driver sets the source and plays it again when the queue plays). Only the
     * last of several quick seeks is carried out.
     */
    seek(element: HTMLMediaElement, position: number, reload: (url: string) => void): void {
      const url = element.getAttribute('src');
      const seekId = ++latest;
      pending.delete(element);
      if (!url) return;
      const offset = offsetOf(element);
      // A plain stream is the element's business (the seek planning would say the same).
      if (offset === 0 && !isTranscodeUrl(url)) {
        element.currentTime = position;
        return;
      }
      const isCurrent = () => seekId === latest && element.getAttribute('src') === url;
      const apply = (plan: TSeekPlan) => {
        pending.delete(element);
        if (plan.kind === 'element') element.currentTime = plan.time;
        else if (plan.kind === 'reload') {
          reload(plan.url);
          offsets.set(element, plan.offset);
        }
      };
      const carryOut = (plans: TSeekPlanner) => {
        const plan = plans.planSeek({ url, offset, position, element });
        if (plan.kind !== 'probe') {
          apply(plan);
          return;
        }
        pending.set(element, position);
        const isTranscoded = probe ? probe(url) : plans.isServedTranscoded(url);
        void isTranscoded.then((answer) => {
          if (isCurrent()) apply(plans.planProbedSeek({ url, position, isTranscoded: answer }));
        });
      };
      if (planner) {
        carryOut(planner);
        return;
      }
      // While the planning loads, the bar shows where the listener went, not the old spot.
      pending.set(element, position);
      void loadSeekPlanner().then((plans) => {
        planner = plans;
        if (isCurrent()) carryOut(plans);
      });
    },
  };
}

export type TTranscodeSeeking = ReturnType<typeof createTranscodeSeeking>;
