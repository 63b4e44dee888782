/**
 * Route patterns in react-router's syntax (`/album/:albumId/:artistName/:albumName`), matched the
 * way its router matches them: the api answers a path no app route matches with HTTP 404, and
 * each app's router test checks that its routes are exactly its list (contracts app-routes.ts).
 */

/** What a router's route tree holds that decides which paths it matches (react-router's RouteObject). */
export type TRouteLike = { path?: string; index?: boolean; children?: TRouteLike[] };

const PARAM = /^:[\w-]+$/;
const isSplat = (segment: string) => segment === '*';

/** An app's routes: the paths of its pages, and those whose page is its 404 page (`*`, `/404`). */
export type TAppRoutePatterns = { pages: readonly string[]; notFound: readonly string[] };

/**
 * Every path a route tree renders a page for, as full patterns (`/a/:id`), in tree order; pathless
 * layout routes add nothing of their own. `isNotFound` routes (the `*` catch-all, `/404`) are
 * listed apart: their page says that nothing is there.
 */
export function routePatternsOf(
  routes: readonly TRouteLike[],
  isNotFound: (route: TRouteLike) => boolean,
): { pages: string[]; notFound: string[] } {
  const found = { pages: [] as string[], notFound: [] as string[] };
  const walk = (list: readonly TRouteLike[], parent: string) => {
    for (const route of list) {
      const path = route.path === undefined ? parent : joinPath(parent, route.path);
      if (route.children) walk(route.children, path);
      if (route.path === undefined && !route.index) continue;
      const into = isNotFound(route) ? found.notFound : found.pages;
      if (!into.includes(path)) into.push(path);
    }
  };
  walk(routes, '/');
  return found;
}

function joinPath(parent: string, path: string): string {
  if (path.startsWith('/')) return path;
  return `/${[...parent.split('/'), ...path.split('/')].filter(Boolean).join('/')}`;
}

/** react-router's ranking (computeScore): static segments beat params, params beat a splat. */
function scoreOf(pattern: string): number {
  const segments = pattern.split('/').filter(Boolean);
  const base = segments.length + (segments.some(isSplat) ? -2 : 0);
  return segments.reduce((score, segment) => {
    if (isSplat(segment)) return score;
    return score + (PARAM.test(segment) ? 3 : 10);
  }, base);
}

const decode = (segment: string) => {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
};

/** A pattern's segments, lower-cased, with its score: parsed once (an app's patterns are a fixed list). */
type TParsedPattern = { segments: string[]; hasSplat: boolean; score: number };
const parsedPatterns = new Map<string, TParsedPattern>();

function parsePattern(pattern: string): TParsedPattern {
  let parsed = parsedPatterns.get(pattern);
  if (!parsed) {
    const segments = pattern.split('/').filter(Boolean);
    const hasSplat = segments.length > 0 && isSplat(segments[segments.length - 1] ?? '');
    parsed = {
      segments: (hasSplat ? segments.slice(0, -1) : segments).map((segment) =>
        PARAM.test(segment) ? segment : segment.toLowerCase(),
      ),
      hasSplat,
      score: scoreOf(pattern),
    };
    parsedPatterns.set(pattern, parsed);
  }
  return parsed;
}

function matches(pattern: TParsedPattern, given: readonly string[]): boolean {
  const { segments } = pattern;
  if (pattern.hasSplat ? given.length < segments.length : given.length !== segments.length) return false;
  return segments.every((segment, index) => PARAM.test(segment) || segment === given[index]);
}

const segmentsOf = (pathname: string) =>
  pathname
    .split('/')
    .filter(Boolean)
    .map((segment) => decode(segment).toLowerCase());

/** The best-ranked pattern of the lists matching the path's segments, or null. */
function bestMatch(lists: readonly (readonly string[])[], given: readonly string[]): string | null {
  let best: string | null = null;
  let bestScore = Number.NEGATIVE_INFINITY;
  for (const patterns of lists) {
    for (const pattern of patterns) {
      const parsed = parsePattern(pattern);
      if (parsed.score > bestScore && matches(parsed, given)) {
        best = pattern;
        bestScore = parsed.score;
      }
    }
  }
  return best;
}

/**
 * The pattern the router would pick for `pathname` (relative to the app's base, starting with `/`),
 * or null. The path is split and decoded once, not once per pattern: this runs on every page view.
 */
export function matchRoutePattern(patterns: readonly string[], pathname: string): string | null {
  return bestMatch([patterns], segmentsOf(pathname));
}

/** Whether the app renders a page of its own at `pathname` (relative to its base), not its 404 page. */
export function isPagePath(routes: TAppRoutePatterns, pathname: string): boolean {
  const best = bestMatch([routes.pages, routes.notFound], segmentsOf(pathname));
  return best !== null && !routes.notFound.includes(best);
}
