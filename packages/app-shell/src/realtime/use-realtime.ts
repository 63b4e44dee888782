import { useEffect, useRef } from 'react';
import { useAuth } from '../use-auth';
import { useSettings } from '../use-bootstrap-data';
import { createRealtimeClient, type RealtimeEvent } from './realtime-client';

type Handler = (event: RealtimeEvent) => void;
const handlers = new Map<string, Set<Handler>>();

function dispatch(event: RealtimeEvent) {
  for (const handler of handlers.get(event.type) ?? []) handler(event);
}

/** Listens to one event type of the signed-in user's realtime socket (`notification.created`, ...). */
export function useRealtimeEvent(type: string, handler: Handler) {
  const latest = useRef(handler);
  latest.current = handler;
  useEffect(() => {
    const wrapped: Handler = (event) => latest.current(event);
    let set = handlers.get(type);
    if (!set) {
      set = new Set();
      handlers.set(type, set);
    }
    set.add(wrapped);
    return () => {
      set.delete(wrapped);
    };
  }, [type]);
}

/** Keeps this tab's socket open while a user is signed in and realtime is on (settings tab websockets). */
export function useRealtimeConnection() {
  const { user } = useAuth();
  const settings = useSettings() as { realtime?: { enable?: boolean } };
  const isEnabled = settings.realtime?.enable !== false;
  const userId = user?.id ?? null;
  useEffect(() => {
    if (userId === null || !isEnabled || typeof WebSocket === 'undefined') return;
    const client = createRealtimeClient(dispatch);
    return () => client.close();
  }, [userId, isEnabled]);
}
