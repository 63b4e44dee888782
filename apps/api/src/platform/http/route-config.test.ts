import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { routeConfigOf } from './route-config';

describe('routeConfigOf', () => {
  it("reads the matched route's config without building routeOptions", async () => {
    const app = Fastify();
    const seen: unknown[] = [];
    app.addHook('onRequest', async (request) => {
      seen.push(routeConfigOf(request) === request.routeOptions.config, routeConfigOf(request)?.access);
    });
    app.get('/open', { config: { access: 'public' } }, async () => 'ok');
    app.get('/mine', { config: { access: 'user' } }, async () => 'ok');
    await app.inject({ url: '/open' });
    await app.inject({ url: '/mine' });
    await app.inject({ url: '/missing' });
    await app.close();
    expect(seen).toEqual([true, 'public', true, 'user', true, undefined]);
  });

  it('uses the route context, not the routeOptions getter', async () => {
    const app = Fastify();
    let isGetterRead = false;
    app.addHook('onRequest', async (request) => {
      const descriptor = Object.getOwnPropertyDescriptor(Object.getPrototypeOf(request), 'routeOptions');
      Object.defineProperty(request, 'routeOptions', {
        get() {
          isGetterRead = true;
          return descriptor?.get?.call(request);
        },
      });
      routeConfigOf(request);
    });
    app.get('/open', { config: { access: 'public' } }, async () => 'ok');
    await app.inject({ url: '/open' });
    await app.close();
    expect(isGetterRead).toBe(false);
  });
});
