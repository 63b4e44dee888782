import { CARD_IMAGE_SIZES, HEADER_IMAGE_SIZES, imageSrcSet } from '@cadence/contracts/artwork';
import type { TBootstrapData } from '@cadence/contracts/bootstrap';
import type { TChannelResponse } from '@cadence/contracts/channel';
import { homePageOf } from '@cadence/contracts/homepage';
import { firstPageFor, pageRequestUrl, type TFirstPage } from '@cadence/contracts/page-requests';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { TServedStamp } from '../catalogue/catalogue-cache';
import { injectAs, servedStampOf } from '../catalogue/catalogue-served';

/**
 * What the first page of a player route starts with, answered in its HTML: the player's http
 * client serves its first GET from here (packages/http-client inlined-responses.ts).
 */
export type TInitialResponses = Record<string, unknown>;
/**
 * `json`: the api's answer as it was sent (the page inlines that text rather than serializing `body`
 * again); `stamp`: the catalogue generation it was served from, null when it was not a shared answer.
 */
export type TInitialPage = { page: TFirstPage; body: unknown; json: string; stamp: TServedStamp | null };
/** What an answer's artwork is read from. */
type TAnswer = Pick<TInitialPage, 'page' | 'body'>;

/** The channel `/` shows this visitor (contracts homepage.ts), null when it shows another page. */
export function homeChannelSlug({ settings, user }: TBootstrapData): string | null {
  const home = homePageOf(settings, user !== null);
  return home.kind === 'channel' ? home.slugOrId : null;
}

/** The player page this request opens, when it starts with one of contracts' page requests. */
export function firstPageOf(request: FastifyRequest, bootstrap: TBootstrapData): TFirstPage | null {
  const pathname = request.url.split('?', 1)[0] ?? '/';
  return firstPageFor(pathname, homeChannelSlug(bootstrap));
}

/**
 * The answer to the page's first GET as this user or guest would get it from the api (the same
 * route, hooks, permission and privacy checks, run in-process), or null when the path has none
 * or the api says no: the player then asks itself and shows the error the usual way.
 */
export async function initialPageFor(
  app: FastifyInstance,
  request: FastifyRequest,
  page: TFirstPage,
): Promise<TInitialPage | null> {
  try {
    const response = await injectAs(app, request, pageRequestUrl(page.request));
    if (response.statusCode !== 200) return null;
    return { page, body: response.json(), json: response.payload, stamp: servedStampOf(response.headers) };
  } catch (error) {
    request.log.warn({ err: error, kind: page.kind }, 'first page data not inlined');
    return null;
  }
}

/**
 * `window.initialResponses` as JSON text: the first route's answer as the api sent it, plus what
 * the page's SEO read (`extra`, which wins for the same address, as it was read last).
 */
export function initialResponsesJson(
  initial: TInitialPage | null,
  extra: TInitialResponses | undefined,
): string | null {
  const entries: string[] = [];
  const initialUrl = initial ? pageRequestUrl(initial.page.request) : null;
  if (initial && initialUrl && !(extra && initialUrl in extra))
    entries.push(`${JSON.stringify(initialUrl)}:${initial.json}`);
  for (const [url, body] of Object.entries(extra ?? {}))
    entries.push(`${JSON.stringify(url)}:${JSON.stringify(body)}`);
  return entries.length > 0 ? `{${entries.join(',')}}` : null;
}

const attribute = (value: string) =>
  value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

type LeafItem = Extract<TChannelResponse['channel']['content']['data'][number], { model_type: string }>;

/** The artwork of the card channel-content.tsx draws first, with `isPriority` (genres have none). */
function firstCardImage(channel: TChannelResponse['channel']): string | null {
  const items = channel.content.data;
  const children = items.flatMap((item) => (item.model_type === 'channel' ? [item] : []));
  const grid =
    children.length > 0
      ? children.find((child) => child.content.data.length > 0)
      : {
          config: channel.config,
          content: { data: items as Exclude<LeafItem, { model_type: 'channel' }>[] },
        };
  if (!grid) return null;
  const leaves = grid.content.data;
  const isTrackTable =
    grid.config.layout === 'track_table' && leaves.every((item) => item.model_type === 'track');
  const first = leaves[0];
  if (!first || isTrackTable) return null;
  switch (first.model_type) {
    case 'genre':
      return null;
    case 'artist':
      return first.image_small;
    default:
      return first.image;
  }
}

type Image = string | null | undefined;
type HeaderBodies = {
  album: { album: { image: Image } };
  artist: { artist: { image_large: Image; image_small: Image } };
  playlist: { playlist: { image: Image; tracks?: { image: Image }[] } };
  track: { track: { image: Image; album?: { image: Image } | null } };
};

/** The page's likely LCP image and its `sizes`: the first card on a channel, the header elsewhere. */
function lcpImage({ page, body }: TAnswer): { image: string; sizes: string } | null {
  const header = (image: Image) => (image ? { image, sizes: HEADER_IMAGE_SIZES } : null);
  switch (page.kind) {
    case 'channel': {
      const image = firstCardImage((body as TChannelResponse).channel);
      return image ? { image, sizes: CARD_IMAGE_SIZES } : null;
    }
    case 'album':
      return header((body as HeaderBodies['album']).album.image);
    case 'artist': {
      const { artist } = body as HeaderBodies['artist'];
      return header(artist.image_large ?? artist.image_small);
    }
    case 'playlist': {
      // playlist-page.tsx: the playlist's own image, else its first track's.
      const { playlist } = body as HeaderBodies['playlist'];
      return header(playlist.image ?? playlist.tracks?.[0]?.image);
    }
    case 'track': {
      const { track } = body as HeaderBodies['track'];
      return header(track.image ?? track.album?.image);
    }
    case 'searchAll': {
      const image = firstSearchCardImage((body as SearchBody).results);
      return image ? { image, sizes: CARD_IMAGE_SIZES } : null;
    }
    default:
      return null;
  }
}

type SearchBody = { results: Partial<Record<(typeof SEARCH_GRID_TYPES)[number], SearchCard[]>> };
type SearchCard = { image?: Image; image_small?: Image };
/** search-page.tsx's grids in page order: the first with results draws its first cards with priority. */
const SEARCH_GRID_TYPES = ['artists', 'albums', 'playlists', 'users', 'genres'] as const;

/** The artwork of search-page.tsx's first priority card (artists show `image_small`). */
function firstSearchCardImage(results: SearchBody['results']): Image {
  const type = SEARCH_GRID_TYPES.find((name) => (results[name]?.length ?? 0) > 0);
  const first = type ? results[type]?.[0] : undefined;
  return type === 'artists' ? first?.image_small : first?.image;
}

/**
 * A `<link rel=preload>` for the likely LCP image, with the same srcset and sizes as its `<img>`
 * (packages/contracts artwork.ts), so the image starts with the HTML instead of after the page
 * chunk renders.
 */
export function lcpImagePreload(initial: TAnswer | null): string {
  const lcp = initial ? lcpImage(initial) : null;
  if (!lcp) return '';
  const srcset = imageSrcSet(lcp.image);
  if (!srcset) return `<link rel="preload" as="image" href="${attribute(lcp.image)}" fetchpriority="high">`;
  return `<link rel="preload" as="image" imagesrcset="${attribute(srcset)}" imagesizes="${lcp.sizes}" fetchpriority="high">`;
}

/** The player build's map of first page kind -> its route's chunks (apps/player build/first-page-chunks.ts). */
export type TFirstPageChunks = Partial<Record<TFirstPage['kind'], string[]>>;

/**
 * `<link rel="modulepreload">` for the chunks of the page's lazy route, so they download with the
 * entry instead of after it has run. `crossorigin` as on Vite's own links: the same request mode
 * as the `import()` that will use them. Low priority, as the entry's own (apps/player
 * build/entry-after-paint.ts): the first paint needs none of them, and the stylesheet, font and
 * image it does need go first.
 */
export function routeChunkPreloads(chunks: TFirstPageChunks | null, page: TFirstPage | null): string {
  const files = page ? (chunks?.[page.kind] ?? []) : [];
  return files
    .filter((file) => /^\/[\w./-]+\.js$/.test(file))
    .map((file) => `<link rel="modulepreload" crossorigin fetchpriority="low" href="${file}">`)
    .join('');
}
