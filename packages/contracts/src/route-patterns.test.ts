import { describe, expect, it } from 'vitest';
import { playerRoutePatterns } from './app-routes';
import { isPagePath, matchRoutePattern, routePatternsOf } from './route-patterns';

describe('route patterns', () => {
  it('list every page path of a route tree, leaving out layouts and the not-found routes', () => {
    const routes = [
      { path: 'login' },
      {
        children: [
          { index: true },
          { path: 'users', children: [{ index: true }, { path: ':id', children: [{ path: 'api' }] }] },
          { path: '404' },
          { path: '*' },
        ],
      },
    ];
    const isNotFound = (route: { path?: string }) => route.path === '*' || route.path === '404';
    const { pages, notFound } = routePatternsOf(routes, isNotFound);
    expect(pages.sort()).toEqual(['/', '/login', '/users', '/users/:id', '/users/:id/api']);
    expect(notFound).toEqual(['/404', '/*']);
  });

  it('pick the route react-router would: static segments first, any case, trailing slash or not', () => {
    const match = (path: string) => matchRoutePattern(playerRoutePatterns.pages, path);
    expect(match('/')).toBe('/');
    expect(match('/login')).toBe('/login');
    expect(match('/LOGIN/')).toBe('/login');
    expect(match('/discover')).toBe('/discover');
    expect(match('/no-such-page')).toBe('/:slugOrId');
    expect(match('/channel/top')).toBe('/channel/:slugOrId');
    expect(match('/album/1/a/b')).toBe('/album/:albumId/:artistName/:albumName');
    expect(match('/album/1/a/b/embed')).toBe('/album/:albumId/:artistName/:albumName/embed');
    expect(match('/search/a%2Fb')).toBe('/search/:searchQuery');
    expect(match('/a/b/c')).toBeNull();
    expect(match('/album/1/a/b/c/d')).toBeNull();
  });

  it("tell the app's pages from its 404 page: a static route before the channel's `/:slugOrId`", () => {
    const isPage = (path: string) => isPagePath(playerRoutePatterns, path);
    expect(isPage('/no-such-channel')).toBe(true);
    expect(isPage('/404')).toBe(false);
    expect(isPage('/a/b/c')).toBe(false);
    expect(isPage('/offline')).toBe(true);
  });
});
