// The part of autocannon's programmatic API the fault suite uses (the package ships no types).
declare module 'autocannon' {
  import type { EventEmitter } from 'node:events';

  export type Request = { method?: string; path: string; headers?: Record<string, string>; body?: string };
  export type Options = {
    url: string;
    connections: number;
    duration: number;
    timeout?: number;
    requests?: Request[];
    headers?: Record<string, string>;
  };
  export type Result = { requests: { total: number }; errors: number; timeouts: number; non2xx: number };
  export type Instance = EventEmitter & { stop: () => void };

  export default function autocannon(
    options: Options,
    done: (error: Error | null, result: Result) => void,
  ): Instance;
}
