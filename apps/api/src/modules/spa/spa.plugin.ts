import { existsSync } from 'node:fs';
import { readdir, readFile } from 'node:fs/promises';
import type { ServerResponse } from 'node:http';
import path from 'node:path';
import {
  adminRoutePatterns,
  backstageRoutePatterns,
  playerRoutePatterns,
} from '@cadence/contracts/app-routes';
import { isPagePath, type TAppRoutePatterns } from '@cadence/contracts/route-patterns';
import type { FastifyStaticOptions } from '@fastify/static';
import type {
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  RouteHandlerMethod,
  RouteOptions,
} from 'fastify';
import fp from 'fastify-plugin';
import { AppError } from '../../platform/http/app-error';
import { xsrfTokenFor } from '../../platform/http/csrf';
import { createResponseBuffers, takeForResponse } from '../../platform/http/response-buffers';
import { scriptNonce, type TPageAsk, withNonce } from '../../platform/http/security-headers';
import { loadOnce } from '../../platform/load-once';
import { bootstrapForGuestPage, bootstrapForPage } from '../bootstrap/bootstrap.routes';
import { applyPageSeo, renderPageSeo } from '../seo/seo-head';
import {
  createGuestPageCache,
  isGuestRequest,
  joinPage,
  NONCE_SLOT,
  pageStamps,
  slotPage,
  type TPageBasis,
} from './guest-page-cache';
import { appForPath, bootstrapScriptWrap, isSpaPath, pageAround, type SpaApp, spaApps } from './spa-apps';
import {
  firstPageOf,
  initialPageFor,
  initialResponsesJson,
  lcpImagePreload,
  routeChunkPreloads,
  type TFirstPageChunks,
} from './spa-initial-data';

const IMMUTABLE = 'public, max-age=31536000, immutable';

/** What answering a kept guest page reads of its request, whichever way it came in. */
type TGuestAsk = TPageAsk & Pick<FastifyRequest, 'id' | 'protocol' | 'server'>;
/** Spec 2.3: the page the player's service worker keeps for when the network is gone. */
const OFFLINE_PAGE = '/offline';
/** apps/player build/first-page-chunks.ts FIRST_PAGE_CHUNKS_FILE. */
const FIRST_PAGE_CHUNKS_FILE = 'first-page-chunks.json';
/** `Sec-Fetch-Dest` values of a page load; a browser fetching an image, script or icon sends another. */
const PAGE_DESTINATIONS = new Set(['document', 'iframe', 'frame', 'embed', 'object']);

/** Each app's page paths (contracts app-routes.ts, checked against the routers by their tests). */
const ROUTE_PATTERNS: Record<SpaApp['name'], TAppRoutePatterns> = {
  player: playerRoutePatterns,
  admin: adminRoutePatterns,
  backstage: backstageRoutePatterns,
};

/** Whether one of the app's routes renders a page at `pathname` (else the app shows its 404 page). */
export function isAppRoute(spa: SpaApp, pathname: string): boolean {
  // The app's pages outside its base (`/become-artist`) are its root request routes.
  if (spa.isRootPage?.(pathname)) return true;
  const inApp = pathname.slice(spa.base.length - 1) || '/';
  return isPagePath(ROUTE_PATTERNS[spa.name], inApp);
}

/** A missing subresource (`/favicon.ico`, an old asset) gets a 404, not the whole app's HTML. */
function isSubresourceRequest(request: Pick<FastifyRequest, 'headers'>): boolean {
  const destination = request.headers['sec-fetch-dest'];
  return typeof destination === 'string' && !PAGE_DESTINATIONS.has(destination);
}

function missingBuildPage(app: SpaApp): string {
  return `<!doctype html><html><head><meta charset="utf-8"><title>Cadence: build missing</title></head><body>
<h1>The ${app.name} app is not built yet</h1>
<p>Run <code>pnpm build</code> (or <code>pnpm start</code>, which builds what is needed), then reload this page.</p>
</body></html>`;
}

/** Build files a route must not send: index.html goes through the bootstrap injection, never raw. */
function isRoutedBuildFile(file: string): boolean {
  // The .br/.gz copies are found beside the file they compress; they need no route of their own.
  return path.posix.basename(file) !== 'index.html' && !file.endsWith('.br') && !file.endsWith('.gz');
}

type TSendFile = (this: FastifyReply, file: string, root: string) => FastifyReply;

/**
 * `@fastify/static`'s `reply.sendFile`, loaded with the first file a client asks for: the plugin
 * requires `glob`, `@fastify/send` and their dependencies at load, which every start paid for
 * though only its `sendFile` is used (files are routed below from one listing). Without `serve`
 * or `root` the plugin does one thing, decorate the reply with `sendFile` (and `download`), so
 * it is run against a host that keeps that function: the same code, options and headers.
 */
function lazySendFile(options: FastifyStaticOptions): () => Promise<TSendFile> {
  return loadOnce(async () => {
    const { default: fastifyStatic } = await import('@fastify/static');
    let sendFile: TSendFile | undefined;
    const host = {
      decorateReply(name: string, value: unknown) {
        if (name === 'sendFile') sendFile = value as TSendFile;
      },
    };
    await (fastifyStatic as unknown as (host: unknown, options: FastifyStaticOptions) => Promise<void>)(
      host,
      {
        ...options,
      },
    );
    if (!sendFile) throw new Error('@fastify/static did not provide sendFile');
    return sendFile;
  });
}

/**
 * Routes an app's built files, listed once at start. The hashed `assets/` (nearly all of them: a
 * route each cost ~380 GET and HEAD routes compiled at every start) are one wildcard route that
 * looks the name up in that listing, so a name it does not hold never reaches the disk; the few
 * other files (service worker, icons, manifest) keep a route each, so every other path under the
 * app still falls through to its pages. Files are sent by @fastify/static's `sendFile`: the same
 * ETag, Last-Modified, ranges, HEAD and precompressed negotiation as its own routes.
 */
async function routeBuildFiles(
  app: FastifyInstance,
  spa: SpaApp,
  loadSendFile: () => Promise<TSendFile>,
): Promise<void> {
  const root = `${spa.distDir}${path.sep}`;
  const assets = new Set<string>();
  const others: string[] = [];
  for (const entry of await readdir(spa.distDir, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue;
    const file = path
      .relative(spa.distDir, path.join(entry.parentPath, entry.name))
      .split(path.sep)
      .join('/');
    if (!isRoutedBuildFile(file)) continue;
    if (file.startsWith('assets/')) assets.add(file.slice('assets/'.length));
    else others.push(file);
  }
  const send = async (reply: FastifyReply, file: string) => (await loadSendFile()).call(reply, file, root);
  const fileRoute = (url: string, handler: RouteHandlerMethod): RouteOptions => ({
    method: ['GET', 'HEAD'],
    url,
    handler,
    config: { access: 'public' },
    // Out of the OpenAPI document, as @fastify/static's own routes are.
    schema: { hide: true },
    errorHandler(error: Error & { code?: string }, request, reply) {
      // A client gone mid-file is not an error to answer (as @fastify/static's own routes do).
      if (error.code === 'ERR_STREAM_PREMATURE_CLOSE') return void request.raw.destroy();
      return app.errorHandler(error, request, reply);
    },
  });
  app.route(
    fileRoute(`${spa.base}assets/*`, (request, reply) => {
      const name = (request.params as { '*': string })['*'];
      // The 404 handler answers a missing asset (JSON 404, never the app's HTML).
      return assets.has(name) ? send(reply, `/assets/${name}`) : reply.callNotFound();
    }),
  );
  for (const file of others)
    app.route(fileRoute(`${spa.base}${file}`, (_request, reply) => send(reply, `/${file}`)));
}

/**
 * Single-node serving of the three built SPAs: hashed assets immutable, every other non-API GET
 * under an app answers its index.html with bootstrap data inlined (history fallback).
 */
async function spa(app: FastifyInstance) {
  const apps = spaApps(app.deps.env.STATIC_DIR);
  const templates = new Map<string, string>();
  const guestPages = createGuestPageCache(app.services.catalogue);
  const pageBuffers = createResponseBuffers();

  const built = apps.filter((spa) => existsSync(spa.distDir));
  if (built.length > 0) {
    // Only `sendFile` (no routes of its own): the files are routed below from one listing.
    const loadSendFile = lazySendFile({
      serve: false,
      // The build writes .br/.gz beside each asset (max quality, made once): sent as they are with
      // `Vary: accept-encoding`; a file without them goes through @fastify/compress on the fly.
      preCompressed: true,
      cacheControl: false,
      setHeaders: (reply, filePath) => {
        const spa = built.find((candidate) => filePath.startsWith(candidate.distDir + path.sep));
        if (!spa) return;
        const isHashed = filePath.startsWith(path.join(spa.distDir, 'assets') + path.sep);
        reply.header('cache-control', isHashed ? IMMUTABLE : 'public, max-age=0, must-revalidate');
        // The player's service worker lives in /build/ but controls the whole site (spec 7).
        if (filePath === path.join(spa.distDir, 'build', 'sw.js'))
          reply.header('service-worker-allowed', '/');
      },
    });
    for (const spa of built) await routeBuildFiles(app, spa, loadSendFile);
  }

  const chunkMaps = new Map<string, TFirstPageChunks | null>();
  /** The build's first-page chunk map (player only); a build without one preloads nothing. */
  async function firstPageChunks(spa: SpaApp): Promise<TFirstPageChunks | null> {
    if (chunkMaps.has(spa.name)) return chunkMaps.get(spa.name) ?? null;
    let chunks: TFirstPageChunks | null = null;
    try {
      chunks = JSON.parse(await readFile(path.join(spa.distDir, FIRST_PAGE_CHUNKS_FILE), 'utf8'));
    } catch {
      chunks = null;
    }
    chunkMaps.set(spa.name, chunks);
    return chunks;
  }

  async function template(spa: SpaApp): Promise<string | null> {
    const cached = templates.get(spa.name);
    if (cached) return cached;
    try {
      const html = await readFile(path.join(spa.distDir, 'index.html'), 'utf8');
      templates.set(spa.name, html);
      return html;
    } catch {
      return null;
    }
  }

  /**
   * A guest's view of a kept player page, answered before Fastify (platform/http/front-door.ts)
   * or, for a request Fastify gets first (`inject`, a proxied request), from the first hook
   * (platform/http/early-answer.ts), with what the not-found handler below would send: the same
   * bytes but for this response's nonce and XSRF token, the same headers (a test compares them).
   * Pages are not rate limited there either (the limiter hooks routes, and pages are the
   * not-found handler's), and a page is never compressed (@fastify/compress hooks routes too).
   * Any doubt (not kept, not current, an `Origin` the CORS hook answers, a subresource fetch)
   * leaves the request to the normal path. Only the not-found handler keeps pages, and routes
   * never change after start, so a kept path is one no route matches.
   */
  const player = apps.find((candidate) => candidate.name === 'player');
  /** The kept page's path when `ask` may be answered from it, else null (the normal path's). */
  function keptPathFor(ask: TGuestAsk): string | null {
    if (!templates.has('player') || !player) return null;
    const pathname = ask.url.split('?', 1)[0] ?? '/';
    if (!guestPages.has(pathname) || appForPath(apps, pathname) !== player) return null;
    if (!isGuestRequest(ask) || isSubresourceRequest(ask) || ask.headers.origin !== undefined) return null;
    return pathname;
  }
  app.frontAnswers.push((req, res, front) => {
    const ask: TGuestAsk = {
      id: front.id,
      method: 'GET',
      url: req.url ?? '/',
      headers: req.headers,
      raw: req,
      protocol: front.protocol,
      server: app,
    };
    const pathname = keptPathFor(ask);
    return pathname === null ? false : answerKeptPage(ask, res, pathname, front.take);
  });
  app.earlyAnswers.push((request, reply) => {
    const pathname = keptPathFor(request);
    return pathname === null ? false : answerKeptPage(request, reply.raw, pathname, () => reply.hijack());
  });

  async function answerKeptPage(
    ask: TGuestAsk,
    res: ServerResponse,
    pathname: string,
    take: () => void,
  ): Promise<boolean> {
    const html = templates.get('player');
    if (!html) return false;
    const cookieHeader = ask.headers.cookie;
    const cookies = cookieHeader ? app.parseCookie(cookieHeader) : {};
    const xsrf = xsrfTokenFor(ask, cookies);
    const { nonce, headers } = await app.pageSecurityHeaders(ask);
    const { data, script, guestRole } = await bootstrapForGuestPage(
      app,
      cookies,
      xsrf.token,
      bootstrapScriptWrap(nonce),
    );
    const kept = await guestPages.find(pathname, { template: html, settings: data.settings, guestRole });
    if (!kept) return false;
    const body = joinPage(kept, nonce, script, (length) => takeForResponse(pageBuffers, res, length));
    const all = ['x-request-id', ask.id, ...headers, 'content-type', 'text/html; charset=utf-8'];
    all.push('cache-control', 'no-store');
    if (xsrf.setCookie) all.push('set-cookie', xsrf.setCookie);
    all.push('content-length', String(body.length));
    take();
    res.writeHead(200, all);
    res.end(body);
    return true;
  }

  app.setNotFoundHandler(async (request: FastifyRequest, reply: FastifyReply) => {
    const pathname = request.url.split('?', 1)[0] ?? '/';
    const isPageRequest = request.method === 'GET' || request.method === 'HEAD';
    const spa = isPageRequest && isSpaPath(pathname) ? appForPath(apps, pathname) : undefined;
    // A missing hashed file must not be answered with HTML that the browser would run as JS.
    if (
      !spa ||
      pathname.startsWith(`${spa.base}assets/`) ||
      // The service worker precaches /offline with a fetch (Sec-Fetch-Dest: empty): it is a page.
      (isSubresourceRequest(request) && pathname !== OFFLINE_PAGE) ||
      isFilePath(pathname)
    )
      throw new AppError('not_found');
    const html = await template(spa);
    if (!html) {
      return reply
        .code(503)
        .type('text/html; charset=utf-8')
        .header('cache-control', 'no-store')
        .send(missingBuildPage(spa));
    }
    // The template's own inline scripts and the bootstrap data carry the nonce; nothing else can.
    const nonce = scriptNonce(reply);
    const { data, script, guestRole } = await bootstrapForPage(request, reply, bootstrapScriptWrap(nonce));
    const send = (page: Buffer, status: number) =>
      reply.code(status).type('text/html; charset=utf-8').header('cache-control', 'no-store').send(page);
    // A guest's player page is the same for every guest but for the nonce and the bootstrap data
    // (its XSRF token, theme and language): kept without them while what it was built from holds.
    // Only a route's page is kept, so a kept one answers before the path is matched again.
    const isGuestPage = spa.name === 'player' && isGuestRequest(request);
    const basis: TPageBasis | null = isGuestPage
      ? { template: html, settings: data.settings, guestRole }
      : null;
    if (basis) {
      const kept = await guestPages.find(pathname, basis);
      if (kept) {
        const body = joinPage(kept, nonce, script, (length) =>
          takeForResponse(pageBuffers, reply.raw, length),
        );
        return send(body, 200);
      }
    }
    // The app shows its 404 page for a path none of its routes takes, and for a page whose item the
    // api says does not exist (known once its SEO has read it): crawlers and monitors get the 404.
    const isRoute = isAppRoute(spa, pathname);
    let status = isRoute ? 200 : 404;
    const guestKey = isGuestPage && isRoute ? pathname : null;
    // A guest's page is rendered with a slot for the nonce, so it can be kept and given another.
    const pageNonce = guestKey ? NONCE_SLOT : nonce;
    const page = spa.name === 'player' ? firstPageOf(request, data) : null;
    const initial = page ? await initialPageFor(app, request, page) : null;
    const preloads = lcpImagePreload(initial) + routeChunkPreloads(await firstPageChunks(spa), page);
    // The player's pages carry their SEO head and main text; what the SEO read through the api
    // (a channel, a custom page, a profile) is inlined too, so the player does not ask again.
    const seo =
      spa.name === 'player'
        ? await renderPageSeo(app, request, {
            pathname,
            bootstrap: data,
            initial: initial ? { kind: initial.page.kind, body: initial.body } : null,
          })
        : null;
    // `/` is the site's home whatever its setting names: a channel gone since is not a missing site.
    if (seo?.isMissing && pathname !== '/') status = 404;
    // The head and main text go into the small template; the large inlined data comes last, so
    // no pattern runs over it.
    let shell = withNonce(html, pageNonce);
    if (seo) shell = applyPageSeo(shell, seo, pageNonce);
    const [before, after] = pageAround(
      shell,
      initialResponsesJson(initial, seo?.responses),
      preloads,
      pageNonce,
    );
    if (!guestKey || !basis)
      return send(Buffer.concat([Buffer.from(before), ...script, Buffer.from(after)]), status);
    const slotted = slotPage(before, after);
    const stamps = seo && status === 200 ? pageStamps(page !== null, initial?.stamp, seo.reads) : null;
    if (stamps) guestPages.store(guestKey, basis, stamps, slotted);
    return send(joinPage(slotted, nonce, script), status);
  });
}

/**
 * A path naming a static file (`/build/sw.js`, `/favicon.png`) that does not exist is a 404, never
 * the app's HTML: a service worker or script answered with a page would break in the browser.
 */
const FILE_EXTENSION =
  /\.(?:js|mjs|cjs|css|map|json|webmanifest|png|jpe?g|gif|svg|webp|avif|ico|woff2?|ttf|wasm|txt|xml)$/i;
export function isFilePath(pathname: string): boolean {
  return FILE_EXTENSION.test(pathname);
}

export const spaPlugin = fp(spa, { name: 'spa', dependencies: ['auth', 'early-answer', 'security-headers'] });
