import { PrivateNginx, PrivatePostgres, PrivateRedis, sparePort } from '@cadence/faults/peers';
import { ADMIN, Replica, sharedDataDir } from '@cadence/faults/replica';
import type { RunningApi } from './api-server';

export const REPLICAS_ADMIN = ADMIN;

/**
 * Two built api replicas behind nginx on private PostgreSQL and Redis, as the fault suite runs
 * them (tooling/faults): a browser on the nginx address lands its requests and its socket on
 * either replica, so what one replica publishes must reach the other's sockets through Redis.
 */
export async function startTwoReplicas(): Promise<RunningApi> {
  const postgres = new PrivatePostgres(await sparePort());
  const redis = new PrivateRedis(await sparePort());
  const data = sharedDataDir();
  const nginxPort = await sparePort();
  await Promise.all([postgres.start(), redis.start()]);
  const config = {
    databaseUrl: postgres.url,
    redisUrl: redis.url,
    publicUrl: `http://127.0.0.1:${nginxPort}`,
    dataDir: data.dir,
  };
  const replicas = [new Replica(await sparePort(), config), new Replica(await sparePort(), config)];
  // The first start migrates and seeds; the second finds it done.
  for (const replica of replicas) await replica.start();
  const nginx = new PrivateNginx(
    nginxPort,
    replicas.map((replica) => replica.port),
  );
  await nginx.start();
  return {
    url: nginx.url,
    async stop() {
      await Promise.allSettled(replicas.map((replica) => replica.kill()));
      await Promise.allSettled([nginx.dispose(), redis.stop(), postgres.dispose()]);
      data.dispose();
    },
  };
}
