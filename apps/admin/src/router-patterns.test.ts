import { NotFoundPage } from '@cadence/app-shell/error-pages';
import { adminRoutePatterns } from '@cadence/contracts/app-routes';
import { routePatternsOf, type TRouteLike } from '@cadence/contracts/route-patterns';
import { describe, expect, it } from 'vitest';
import { routes } from './router';

const isNotFound = (route: TRouteLike) =>
  route.path === '*' || (route as { element?: { type?: unknown } }).element?.type === NotFoundPage;

describe('admin route patterns', () => {
  it('are the router’s own: the api answers 404 for every path outside them', () => {
    const { pages, notFound } = routePatternsOf(routes, isNotFound);
    expect(pages.sort()).toEqual([...adminRoutePatterns.pages].sort());
    expect(notFound.sort()).toEqual([...adminRoutePatterns.notFound].sort());
  });
});
