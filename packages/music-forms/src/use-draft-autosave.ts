import type { TTrackDraftUpdate } from '@cadence/contracts/backstage';
import { useCallback, useEffect, useRef } from 'react';

const DEBOUNCE_MS = 600;

/**
 * Saves each draft's edits a moment after the user stops typing (one request per pause, per
 * draft); what is still waiting goes out at once when the page closes the flow.
 */
export function useDraftAutosave(save: (id: number, patch: TTrackDraftUpdate) => Promise<void>) {
  const pending = useRef(
    new Map<number, { patch: TTrackDraftUpdate; timer: ReturnType<typeof setTimeout> }>(),
  );
  const saveRef = useRef(save);
  saveRef.current = save;

  const flush = useCallback((id: number) => {
    const entry = pending.current.get(id);
    if (!entry) return;
    clearTimeout(entry.timer);
    pending.current.delete(id);
    void saveRef.current(id, entry.patch);
  }, []);

  const schedule = useCallback(
    (id: number, patch: TTrackDraftUpdate) => {
      const entry = pending.current.get(id);
      if (entry) clearTimeout(entry.timer);
      pending.current.set(id, {
        patch: { ...entry?.patch, ...patch },
        timer: setTimeout(() => flush(id), DEBOUNCE_MS),
      });
    },
    [flush],
  );

  /** Drops what was waiting (the draft was published or deleted). */
  const cancel = useCallback((id: number) => {
    const entry = pending.current.get(id);
    if (entry) clearTimeout(entry.timer);
    pending.current.delete(id);
  }, []);

  useEffect(() => {
    const waiting = pending.current;
    return () => {
      for (const id of [...waiting.keys()]) flush(id);
    };
  }, [flush]);

  return { schedule, cancel };
}
