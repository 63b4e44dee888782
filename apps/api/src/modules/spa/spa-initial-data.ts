import type { TBootstrapData } from '@cadence/contracts/bootstrap';
import type { TChannelResponse } from '@cadence/contracts/channel';
import type { FastifyRequest } from 'fastify';
import { can } from '../../platform/auth/can';
import type { ChannelContentService } from '../channels/channel-content.service';
import { IMAGE_WIDTHS } from '../streaming/image-variants';

/** The player's home query (channel-prefetch.ts, catalogue-queries.ts channelPagesQuery): page 1 of 50. */
const HOME_CHANNEL_QUERY = { page: 1, perPage: 50 } as const;

/**
 * What `/` renders first, inlined beside the bootstrap data so the player skips that round trip.
 * `fetchedAt` lets the player keep its staleTime rules from the moment the data was read.
 */
export type TInitialRouteData = {
  homeChannel: { slugOrId: string; response: TChannelResponse; fetchedAt: number };
};

/** `/` shows the channel chosen in settings (homepage.value), discover when none; the landing page none. */
export function homeChannelSlug({ homepage }: TBootstrapData['settings']): string | null {
  if (homepage.type === 'landing') return null;
  return homepage.type === 'channel' && homepage.value ? homepage.value : 'discover';
}

/**
 * The home channel as `GET /api/v1/channel/:slug` would answer this user or guest (same
 * `music.view` check), or null when it does not apply or fails: the player then fetches it itself.
 */
export async function initialRouteDataFor(
  request: FastifyRequest,
  bootstrap: TBootstrapData,
  channels: ChannelContentService,
): Promise<TInitialRouteData | null> {
  const pathname = request.url.split('?', 1)[0];
  if (pathname !== '/') return null;
  const slugOrId = homeChannelSlug(bootstrap.settings);
  if (!slugOrId) return null;
  try {
    const guestRole = request.user ? null : await request.guestRole();
    if (!can(request.user, guestRole, 'music.view')) return null;
    const response = await channels.show(slugOrId, HOME_CHANNEL_QUERY);
    return { homeChannel: { slugOrId, response, fetchedAt: Date.now() } };
  } catch (error) {
    request.log.warn({ err: error, slugOrId }, 'home channel not inlined');
    return null;
  }
}

/** media-card.tsx CARD_IMAGE_SIZES: the preload must ask for the variant the card's `<img>` picks. */
const CARD_IMAGE_SIZES = '(max-width: 640px) 50vw, 12rem';
const RESIZABLE_PREFIX = '/api/v1/images/';

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

/**
 * A `<link rel=preload>` for the first card's artwork (track-artwork.tsx's srcset and the card's
 * sizes), so the likely LCP image starts with the HTML instead of after the page chunk renders.
 */
export function lcpImagePreload(initial: TInitialRouteData | null): string {
  const image = initial ? firstCardImage(initial.homeChannel.response.channel) : null;
  if (!image) return '';
  if (!image.startsWith(RESIZABLE_PREFIX) || image.includes('?')) {
    return `<link rel="preload" as="image" href="${attribute(image)}" fetchpriority="high">`;
  }
  const srcset = IMAGE_WIDTHS.map((width) => `${image}?w=${width} ${width}w`).join(', ');
  return `<link rel="preload" as="image" imagesrcset="${attribute(srcset)}" imagesizes="${CARD_IMAGE_SIZES}" fetchpriority="high">`;
}
