import { useEffect, useRef } from 'react';
import { useAuth } from '../use-auth';
import { useSettings } from '../use-bootstrap-data';
import { createRealtimeClient, type RealtimeEvent } from './realtime-client';

type Handler = (event: RealtimeEvent) => void;
const handlers = new Map<string, Set<Handler>>();
let openClient: ReturnType<typeof createRealtimeClient> | null = null;

/** Sends a message on this tab's socket (a listening party's clock probe); false when none is open. */
export function sendRealtime(message: unknown): boolean {
  return openClient?.send(JSON.stringify(message)) ?? false;
}

function dispatch(event: RealtimeEvent) {
  for (const handler of handlers.get(event.type) ?? []) handler(event);
}

/** The same outside React (a store that lives as long as a listening party): returns the unsubscribe. */
export function onRealtimeEvent(type: string, handler: Handler): () => void {
  let set = handlers.get(type);
  if (!set) {
    set = new Set();
    handlers.set(type, set);
  }
  set.add(handler);
  return () => {
    set.delete(handler);
  };
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
    openClient = client;
    return () => {
      if (openClient === client) openClient = null;
      client.close();
    };
  }, [userId, isEnabled]);
}
