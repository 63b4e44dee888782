export type TModeName = 'full' | 'smoke';

export type TMode = {
  name: TModeName;
  /** 0: no warm-up runs at all. */
  warmupSeconds: number;
  measureSeconds: number;
  /** Each round is ceiling, ours, ceiling, ours. */
  rounds: number;
  /** Start-up and memory spawn each side this many times, alternating. */
  spawns: number;
  idleSeconds: number;
  connections: number;
};

export const MODES: Record<TModeName, TMode> = {
  full: {
    name: 'full',
    warmupSeconds: 3,
    measureSeconds: 10,
    rounds: 3,
    spawns: 5,
    idleSeconds: 2,
    connections: 50,
  },
  smoke: {
    name: 'smoke',
    // A smoke run proves each benchmark works end to end; it measures nothing worth warming for.
    warmupSeconds: 0,
    measureSeconds: 1,
    rounds: 1,
    spawns: 1,
    idleSeconds: 2,
    connections: 50,
  },
};
