import { useTrans } from '@cadence/app-shell/use-trans';
import type { TChannelLeafItem } from '@cadence/contracts/channel';
import { type QueryClient, useQueryClient } from '@tanstack/react-query';
import { mediaCard, type TMediaCardProps } from '../catalogue/media-card';
import { playCollection } from '../catalogue/play-collection';
import { toPlayerTrack } from '../catalogue/to-player-track';
import { albumUrl, artistUrl, genreUrl, playlistUrl, trackUrl, userUrl } from '../catalogue/urls';
import { getPlayer } from '../playback/player-instance';

type TCardContent = Omit<TMediaCardProps, 'isPriority'>;

const artistNames = (item: { artists: { name: string }[] }) =>
  item.artists.map((artist) => artist.name).join(', ');

/** What the card of each kind of channel item shows, links to and plays. */
function cardContent(
  item: TChannelLeafItem,
  trans: (text: string) => string,
  queryClient: QueryClient,
): TCardContent | null {
  switch (item.model_type) {
    case 'track':
      return {
        title: item.name,
        subtitle: artistNames(item),
        image: item.image,
        to: trackUrl(item),
        onPlay: () => getPlayer().playTracks([toPlayerTrack(item)]),
      };
    case 'album':
      return {
        title: item.name,
        subtitle: artistNames(item),
        image: item.image,
        to: albumUrl(item, item.artists[0]?.name),
        onPlay: () => void playCollection(queryClient, 'album', item.id),
      };
    case 'artist':
      return {
        title: item.name,
        subtitle: trans('Artist'),
        image: item.image_small,
        to: artistUrl(item),
        isRound: true,
      };
    case 'playlist':
      return {
        title: item.name,
        subtitle: item.owner?.name,
        image: item.image,
        to: playlistUrl(item),
        onPlay: () => void playCollection(queryClient, 'playlist', item.id),
      };
    case 'genre':
      return { title: item.display_name ?? item.name, image: item.image, to: genreUrl(item) };
    case 'user':
      return {
        title: item.name,
        subtitle: trans('Profile'),
        image: item.image,
        to: userUrl(item),
        isRound: true,
      };
    default:
      // A kind this build does not know yet (newer API data) renders no card.
      return null;
  }
}

export function ChannelItemCard({ item, isPriority }: { item: TChannelLeafItem; isPriority?: boolean }) {
  const { trans } = useTrans();
  const queryClient = useQueryClient();
  return channelItemCard(item, isPriority, trans, queryClient);
}

/**
 * A channel item's card as elements: a channel's grid renders its cards with one component for
 * the whole grid (home's first commit had 32 cards, each a component with three hooks).
 */
export function channelItemCard(
  item: TChannelLeafItem,
  isPriority: boolean | undefined,
  trans: (text: string, values?: Record<string, string | number>) => string,
  queryClient: QueryClient,
) {
  const content = cardContent(item, trans, queryClient);
  return content && mediaCard({ ...content, isPriority }, trans);
}
