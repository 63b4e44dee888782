import { createMemoryServices } from './memory-services';
import type { RedisServicesOptions } from './redis-services';
import type { SharedServices } from './services';

export async function openSharedServices(
  options: Omit<RedisServicesOptions, 'url'> & { url?: string },
): Promise<SharedServices> {
  if (!options.url) return createMemoryServices();
  // ioredis is loaded only when Redis is configured: the single-node mode never pays for it.
  const { createRedisServices } = await import('./redis-services');
  return createRedisServices({ ...options, url: options.url });
}
