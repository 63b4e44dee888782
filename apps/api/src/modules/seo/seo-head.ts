import { playerRoutePatterns } from '@cadence/contracts/app-routes';
import type { TBootstrapData } from '@cadence/contracts/bootstrap';
import { homePageOf, type THomePage } from '@cadence/contracts/homepage';
import { pageRequests, pageRequestUrl } from '@cadence/contracts/page-requests';
import { matchRoutePattern } from '@cadence/contracts/route-patterns';
import { defaultSeoTemplates } from '@cadence/contracts/seo';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { TServedStamp } from '../catalogue/catalogue-cache';
import { injectAs, servedStampOf } from '../catalogue/catalogue-served';
import {
  albumDocument,
  artistDocument,
  channelDocument,
  customPageDocument,
  landingDocument,
  playlistDocument,
  profileDocument,
  searchDocument,
  type TSeoDocument,
  type TSeoSite,
  trackDocument,
} from './seo-documents';
import { escapeHtml, renderSeoTemplate, templateTitle } from './seo-template';
import { absoluteUrl } from './seo-urls';

/**
 * The head tags and the crawler-readable main text of one player page, and the api answers read
 * for them (URL -> body) that the page can be given with its HTML. `reads`: the catalogue stamp
 * of each api GET made for them, in order, null for one not answered from the catalogue cache.
 */
export type TPageSeo = {
  head: string;
  main: string;
  responses: Record<string, unknown>;
  reads: (TServedStamp | null)[];
  /** The page's own item (album, channel, profile...) does not exist: the api answered its GET 404. */
  isMissing: boolean;
};
/** The first page's GET answered by the spa module (modules/spa spa-initial-data.ts), when it has one. */
export type TInitialBody = { kind: string; body: unknown } | null;

/**
 * The player's channel routes (contracts app-routes.ts): a path is a channel's page when the
 * router would pick one of them for it, so a static page (`/login`, `/workspaces/1`) never is.
 * `/discover` is a page of its own that shows the discover channel.
 */
const CHANNEL_ROUTES = new Set([
  '/discover',
  '/channel/:slugOrId',
  '/channel/:slugOrId/:restriction',
  '/:slugOrId',
  '/:slugOrId/:restriction',
]);
const isChannelPath = (pathname: string) =>
  CHANNEL_ROUTES.has(matchRoutePattern(playerRoutePatterns.pages, pathname) ?? '');

type TRead = { body: unknown | null; stamp: TServedStamp | null; status: number };

/**
 * The api's own answer to a GET, as the browser's user would get it (null when it says no), and
 * the catalogue stamp it was served from.
 */
async function fetchAs(app: FastifyInstance, request: FastifyRequest, url: string): Promise<TRead> {
  try {
    const response = await injectAs(app, request, url);
    const status = response.statusCode;
    if (status !== 200) return { body: null, stamp: null, status };
    return { body: response.json(), stamp: servedStampOf(response.headers), status };
  } catch (error) {
    request.log.warn({ err: error, url }, 'seo data not loaded');
    return { body: null, stamp: null, status: 500 };
  }
}

const decode = (segment: string) => {
  try {
    return decodeURIComponent(segment).trim();
  } catch {
    return '';
  }
};

type Load = (url: string) => Promise<unknown | null>;
/** The page's data: the spa's inlined answer when it is this kind, else the api's own GET. */
const bodyOf = async <T>(initial: TInitialBody, kind: string, load: Load, url: string) =>
  ((initial?.kind === kind ? initial.body : await load(url)) as T | null) ?? null;

/** Which document a player path shows; undefined when it is not a page with its own SEO. */
async function documentFor(
  pathname: string,
  site: TSeoSite,
  bootstrap: TBootstrapData,
  home: THomePage | null,
  initial: TInitialBody,
  load: Load,
): Promise<TSeoDocument | null | undefined> {
  const parts = pathname.split('/').filter(Boolean);
  const [first, second] = parts;
  const id = second && /^\d+$/.test(second) ? Number(second) : null;
  const settings = bootstrap.settings as TBootstrapData['settings'] & {
    landing?: { header_title?: string; header_subtitle?: string };
  };
  const isLanding = (first === 'landing' && parts.length === 1) || home?.kind === 'landing';
  if (isLanding) {
    const replaceSite = (text = '') => text.replace(/\{site\}|\{\{site_name\}\}/g, site.siteName);
    return landingDocument(site, {
      title: replaceSite(settings.landing?.header_title) || site.siteName,
      subtitle: replaceSite(settings.landing?.header_subtitle),
    });
  }
  const page = async <T>(kind: string, url: string, build: (body: T) => TSeoDocument) => {
    const body = await bodyOf<T>(initial, kind, load, url);
    return body ? build(body) : null;
  };
  const customPage = async (key: string) =>
    page('customPage', `/api/v1/custom-pages/${encodeURIComponent(key)}`, (body) =>
      customPageDocument(body as never),
    );
  if (home?.kind === 'customPage') return customPage(home.pageKey);
  switch (first) {
    case 'album':
      if (id === null || parts.length !== 4) return undefined;
      return page('album', pageRequestUrl(pageRequests.album(id)), (body) =>
        albumDocument(site, body as never),
      );
    case 'track':
      if (id === null || parts.length !== 3) return undefined;
      return page('track', pageRequestUrl(pageRequests.track(id)), (body) =>
        trackDocument(site, body as never),
      );
    case 'artist':
      if (id === null || parts.length > 3) return undefined;
      return page('artist', pageRequestUrl(pageRequests.artist(id)), (body) =>
        artistDocument(site, body as never),
      );
    case 'playlist':
      if (id === null || parts.length !== 3) return undefined;
      return page('playlist', pageRequestUrl(pageRequests.playlist(id)), (body) =>
        playlistDocument(site, body as never),
      );
    case 'search': {
      const query = second ? decode(second) : '';
      if (!query) return searchDocument(site, '', null);
      const body = await bodyOf(initial, 'searchAll', load, pageRequestUrl(pageRequests.searchAll(query)));
      return searchDocument(site, query, body as never);
    }
    case 'user':
      if (id === null || parts.length < 3) return undefined;
      return page('profile', `/api/v1/users/${id}/profile`, (body) => profileDocument(site, body as never));
    case 'pages': {
      const key = parts.length === 3 && id !== null ? String(id) : parts.length === 2 ? second : null;
      if (!key) return undefined;
      return customPage(decode(key));
    }
    default:
      break;
  }
  // Channels: `/`, `/channel/{slug}[/{restriction}]` and `/{slug}[/{restriction}]`.
  const slug =
    parts.length === 0
      ? initial?.kind === 'channel'
        ? ''
        : null
      : first === 'channel'
        ? (second ?? null)
        : first && isChannelPath(pathname)
          ? first
          : null;
  if (slug === null) return undefined;
  const channelPath = pathname.replace(/\/$/, '') || '/';
  const url = slug ? pageRequestUrl(pageRequests.channel(decode(slug))) : '';
  const body = initial?.kind === 'channel' ? initial.body : url ? await load(url) : null;
  return body ? channelDocument(site, channelPath, body as never) : null;
}

async function templateFor(app: FastifyInstance, document: TSeoDocument): Promise<string> {
  const key = document.key;
  if (key === 'custom_page') return defaultSeoTemplates.custom_page;
  const override = await app.services.settings.get(`seo.${key}` as const).catch(() => null);
  return typeof override === 'string' && override.trim() ? override : defaultSeoTemplates[document.key];
}

/** Pages without data of their own still say what they are. */
const PAGE_TITLES: Record<string, string> = {
  contact: 'Contact us',
  login: 'Login',
  register: 'Register',
  'forgot-password': 'Forgot your password?',
  lyrics: 'Lyrics',
  library: 'Your music',
  pricing: 'Pricing',
};

function fallbackHead(site: TSeoSite, pathname: string, home: THomePage | null, isMissing: boolean): string {
  const name = escapeHtml(site.siteName);
  const url = absoluteUrl(site.baseUrl, pathname) ?? site.baseUrl;
  const page = PAGE_TITLES[home ? home.kind : (pathname.split('/').filter(Boolean)[0] ?? '')];
  const title = page && !isMissing ? `${escapeHtml(page)} - ${name}` : name;
  return [
    `<title>${title}</title>`,
    site.siteDescription ? `<meta name="description" content="${escapeHtml(site.siteDescription)}">` : '',
    `<meta property="og:site_name" content="${name}">`,
    `<meta property="og:title" content="${title}">`,
    `<meta property="og:url" content="${escapeHtml(url)}">`,
    '<meta name="twitter:card" content="summary">',
    isMissing ? '<meta name="robots" content="noindex">' : '',
  ]
    .filter(Boolean)
    .join('\n');
}

/**
 * The SEO of the player page at `pathname` (design settings-and-permissions.md section 6): the
 * template of its kind rendered with its data, plus its main text. Data comes through the api's
 * own routes as this visitor, so a private playlist or a hidden track says nothing here either.
 */
export async function renderPageSeo(
  app: FastifyInstance,
  request: FastifyRequest,
  input: { pathname: string; bootstrap: TBootstrapData; initial: TInitialBody },
): Promise<TPageSeo> {
  const { bootstrap, pathname, initial } = input;
  const settings = bootstrap.settings as TBootstrapData['settings'] & {
    branding: { site_description?: string };
  };
  const site: TSeoSite = {
    siteName: settings.branding.site_name,
    siteDescription: settings.branding.site_description ?? '',
    baseUrl: app.deps.env.PLAYER_URL.replace(/\/$/, ''),
  };
  const responses: Record<string, unknown> = {};
  const reads: TPageSeo['reads'] = [];
  let isNotFound = false;
  const load = async (url: string) => {
    const { body, stamp, status } = await fetchAs(app, request, url);
    reads.push(stamp);
    if (status === 404) isNotFound = true;
    if (body !== null) responses[url] = body;
    return body;
  };
  const home = pathname === '/' ? homePageOf(bootstrap.settings, bootstrap.user !== null) : null;
  const document = await documentFor(pathname, site, bootstrap, home, initial, load);
  if (!document) {
    return {
      head: fallbackHead(site, pathname, home, document === null),
      main: '',
      responses,
      reads,
      isMissing: document === null && isNotFound,
    };
  }
  const image = absoluteUrl(site.baseUrl, document.image);
  const vars = {
    ...document.vars,
    site_name: site.siteName,
    url: absoluteUrl(site.baseUrl, document.path),
    image,
    twitter_card: image ? 'summary_large_image' : 'summary',
  };
  const fallbackTitle = templateTitle(defaultSeoTemplates[document.key], vars) || site.siteName;
  const head = renderSeoTemplate(await templateFor(app, document), vars, fallbackTitle);
  return { head, main: document.main, responses, reads, isMissing: false };
}

/**
 * The page's head in place of the template's `<title>`, and its main text at the top of the
 * body inside `<noscript>`: read by crawlers that run no JavaScript, inert for browsers that do.
 */
export function applyPageSeo(html: string, seo: TPageSeo, nonce: string): string {
  // JSON-LD is data, never run; the nonce keeps the page's rule "every inline script has it". Any
  // other script an admin's template holds gets none, so the CSP does not run it.
  const head = seo.head.replace(
    /<script type="application\/ld\+json">/g,
    `<script type="application/ld+json" nonce="${nonce}">`,
  );
  const withHead = /<title>[\s\S]*?<\/title>/i.test(html)
    ? html.replace(/<title>[\s\S]*?<\/title>/i, () => head)
    : html.replace('</head>', () => `${head}</head>`);
  if (!seo.main) return withHead;
  // Everything in `main` is escaped or sanitised already; a browser that runs scripts reads the
  // inside of <noscript> as raw text up to the first `</noscript`, so that one string never gets in.
  const main = seo.main.replace(/<\/noscript/gi, '&lt;/noscript');
  return withHead.replace(/<body([^>]*)>/i, (tag) => `${tag}<noscript><main>${main}</main></noscript>`);
}
