import { PrivateNginx, PrivatePostgres, PrivateRedis, sparePort } from './peers';
import { Replica, type ReplicaConfig, sharedDataDir } from './replica';

export type ReplicaPair = {
  postgres: PrivatePostgres;
  redis: PrivateRedis;
  replicas: Replica[];
  nginx: PrivateNginx;
  config: ReplicaConfig;
  dispose: () => Promise<void>;
};

/**
 * Two built api replicas on private PostgreSQL and Redis and one data directory, behind nginx:
 * the fault suite's fixture and the browser tests that need two replicas start from here.
 */
export async function startReplicaPair(): Promise<ReplicaPair> {
  const postgres = new PrivatePostgres(await sparePort());
  const redis = new PrivateRedis(await sparePort());
  const data = sharedDataDir();
  const nginxPort = await sparePort();
  await Promise.all([postgres.start(), redis.start()]);
  const config: ReplicaConfig = {
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
    postgres,
    redis,
    replicas,
    nginx,
    config,
    async dispose() {
      await Promise.allSettled(replicas.map((replica) => replica.kill()));
      await Promise.allSettled([nginx.dispose(), redis.stop(), postgres.dispose()]);
      data.dispose();
    },
  };
}
