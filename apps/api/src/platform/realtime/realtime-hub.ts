import type { PubSub } from '../redis/services';

/** One open tab's socket as the hub sees it: enough to send text, to be counted and to be ended. */
export type RealtimeConnection = {
  userId: number;
  send: (json: string) => void;
  /** The session the socket was opened with (null for a bearer token). */
  sessionId?: string | null;
  /** The access token the socket was opened with (null for a session). */
  tokenId?: number | null;
  close?: (code: number, reason: string) => void;
};

/** Close code for a socket whose session or token ended: the tab must not reconnect with it. */
export const SESSION_ENDED_CLOSE_CODE = 4401;

export type RealtimeEvent = { type: string; [key: string]: unknown };

/** The credentials whose sockets end: session ids and access-token ids. */
export type EndedCredentials = { sessionIds: readonly string[]; tokenIds: readonly number[] };

/**
 * What every replica publishes and every replica hears: the users an event is for, and the event.
 * With `endSessions` or `endTokens` (a control message) the event goes only to the sockets opened
 * with those sessions or tokens, which are then closed.
 */
type Envelope = {
  userIds: number[];
  event: RealtimeEvent;
  endSessions?: string[];
  endTokens?: number[];
};

export const REALTIME_CHANNEL = 'realtime:events';

export interface RealtimeHub {
  /** Sends the event to every open tab of these users, on whichever replica they are connected. */
  emitToUsers(userIds: readonly number[], event: RealtimeEvent): Promise<void>;
  /** Tells these sessions' sockets (on every replica) that the session ended, and closes them. */
  endSessions(userId: number, sessionIds: readonly string[]): Promise<void>;
  /** The same for the sockets of these sessions and access tokens (password change, reset). */
  endCredentials(userId: number, ended: EndedCredentials): Promise<void>;
  /** Registers a socket of this replica; resolves once this replica hears published events. */
  attach(connection: RealtimeConnection): Promise<() => void>;
  /** Open sockets on this replica (metrics, tests, the benchmark). */
  localConnectionCount(): number;
  close(): Promise<void>;
}

/**
 * Fan-out through the shared pub/sub: with `REDIS_URL` it is Redis (every replica subscribes to
 * one channel and delivers to its own sockets), otherwise the in-process bus. Redis pub/sub
 * already degrades to this replica's own subscribers while Redis is away (redis-services.ts).
 */
export function createRealtimeHub(pubsub: PubSub): RealtimeHub {
  const byUser = new Map<number, Set<RealtimeConnection>>();
  let subscription: Promise<() => Promise<void>> | null = null;
  let count = 0;

  function deliver(message: unknown) {
    const envelope = message as Envelope;
    if (!envelope || !Array.isArray(envelope.userIds) || !envelope.event) return;
    // Serialised once per event, not once per socket: a broadcast to many tabs stays cheap.
    const json = JSON.stringify(envelope.event);
    const isEnding = Array.isArray(envelope.endSessions) || Array.isArray(envelope.endTokens);
    const sessions = new Set(envelope.endSessions ?? []);
    const tokens = new Set(envelope.endTokens ?? []);
    const isEnded = (connection: RealtimeConnection) =>
      (!!connection.sessionId && sessions.has(connection.sessionId)) ||
      (connection.tokenId != null && tokens.has(connection.tokenId));
    for (const userId of envelope.userIds) {
      const connections = byUser.get(userId);
      if (!connections) continue;
      for (const connection of [...connections]) {
        if (!isEnding) {
          connection.send(json);
          continue;
        }
        if (!isEnded(connection)) continue;
        connection.send(json);
        connection.close?.(SESSION_ENDED_CLOSE_CODE, 'Session ended');
      }
    }
  }

  async function endCredentials(userId: number, { sessionIds, tokenIds }: EndedCredentials) {
    if (sessionIds.length === 0 && tokenIds.length === 0) return;
    await pubsub.publish(REALTIME_CHANNEL, {
      userIds: [userId],
      event: { type: 'session.ended' },
      endSessions: [...sessionIds],
      endTokens: [...tokenIds],
    } satisfies Envelope);
  }

  function ensureSubscribed() {
    subscription ??= pubsub.subscribe(REALTIME_CHANNEL, deliver);
    return subscription;
  }

  return {
    async emitToUsers(userIds, event) {
      if (userIds.length === 0) return;
      await pubsub.publish(REALTIME_CHANNEL, { userIds: [...new Set(userIds)], event } satisfies Envelope);
    },
    endSessions: (userId, sessionIds) => endCredentials(userId, { sessionIds, tokenIds: [] }),
    endCredentials,
    async attach(connection) {
      await ensureSubscribed();
      let set = byUser.get(connection.userId);
      if (!set) {
        set = new Set();
        byUser.set(connection.userId, set);
      }
      set.add(connection);
      count += 1;
      let isAttached = true;
      return () => {
        if (!isAttached) return;
        isAttached = false;
        count -= 1;
        set.delete(connection);
        if (set.size === 0 && byUser.get(connection.userId) === set) byUser.delete(connection.userId);
      };
    },
    localConnectionCount: () => count,
    async close() {
      const unsubscribe = await subscription?.catch(() => null);
      subscription = null;
      await unsubscribe?.();
    },
  };
}
