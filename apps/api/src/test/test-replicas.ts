import { randomBytes } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../app';
import { createRedisServices } from '../platform/redis/redis-services';
import type { SharedServices } from '../platform/redis/services';
import type { TestApp } from './test-app';

const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
const silent = { info: () => {}, warn: () => {}, error: () => {} };

export type TestReplica = { app: FastifyInstance; redis: SharedServices; url: string };

/**
 * Replicas of the test app as behind a load balancer: each its own app, listener and Redis
 * connections, all on the test app's database and one Redis key space. `url` is the realtime socket.
 */
export async function startTestReplicas(
  t: TestApp,
  count = 2,
): Promise<{ replicas: TestReplica[]; close: () => Promise<void> }> {
  const keyPrefix = `cadence_t_${randomBytes(6).toString('hex')}:`;
  const replicas: TestReplica[] = [];
  const close = async () => {
    for (const replica of replicas) {
      await replica.app.close();
      await replica.redis.close();
    }
  };
  try {
    for (let i = 0; i < count; i++) {
      const redis = await createRedisServices({ url: REDIS_URL, keyPrefix, log: silent });
      const app = await buildApp({
        ...t.deps,
        cache: redis.cache,
        pubsub: redis.pubsub,
        rateLimitStore: redis.rateLimitStore,
      });
      replicas.push({ app, redis, url: '' });
      await app.listen({ port: 0, host: '127.0.0.1' });
      const replica = replicas[replicas.length - 1] as TestReplica;
      replica.url = `ws://127.0.0.1:${(app.server.address() as AddressInfo).port}/api/v1/realtime`;
    }
  } catch (error) {
    await close();
    throw error;
  }
  return { replicas, close };
}
