import { NotFoundPage } from '@cadence/app-shell/error-pages';
import { createQueryClient } from '@cadence/app-shell/query-client';
import { playerRoutePatterns } from '@cadence/contracts/app-routes';
import { routePatternsOf, type TRouteLike } from '@cadence/contracts/route-patterns';
import { describe, expect, it } from 'vitest';
import { createRoutes } from './router';

const isNotFound = (route: TRouteLike) =>
  route.path === '*' || (route as { element?: { type?: unknown } }).element?.type === NotFoundPage;

describe('player route patterns', () => {
  it('are the router’s own: the api answers 404 for every path outside them', () => {
    const routes = createRoutes(createQueryClient(() => {}));
    const { pages, notFound } = routePatternsOf(routes, isNotFound);
    expect(pages.sort()).toEqual([...playerRoutePatterns.pages].sort());
    expect(notFound.sort()).toEqual([...playerRoutePatterns.notFound].sort());
  });
});
