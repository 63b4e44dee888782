import { ADMIN } from '@cadence/faults/replica';
import { startReplicaPair } from '@cadence/faults/replica-pair';
import type { RunningApi } from './api-server';

export const REPLICAS_ADMIN = ADMIN;

/**
 * Two built api replicas behind nginx on private PostgreSQL and Redis, as the fault suite runs
 * them (tooling/faults): a browser on the nginx address lands its requests and its socket on
 * either replica, so what one replica publishes must reach the other's sockets through Redis.
 */
export async function startTwoReplicas(): Promise<RunningApi> {
  const pair = await startReplicaPair();
  return { url: pair.nginx.url, stop: pair.dispose };
}
