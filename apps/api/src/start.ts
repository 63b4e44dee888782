import { loadProcessEnv } from './env';
import { deferResponseClass } from './platform/http/deferred-response-class';
import { serve } from './serve';

/** The api's process: everything `server.ts` loads once V8's young generation is held. */
export function start() {
  // Node 20's fetch library loads only when something uses it (see deferResponseClass).
  deferResponseClass();
  return serve(loadProcessEnv());
}
