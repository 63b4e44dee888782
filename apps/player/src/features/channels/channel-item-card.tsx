import { useTrans } from '@cadence/app-shell/use-trans';
import type { TChannelLeafItem } from '@cadence/contracts/channel';
import { useQueryClient } from '@tanstack/react-query';
import { MediaCard } from '../catalogue/media-card';
import { playCollection } from '../catalogue/play-collection';
import { toPlayerTrack } from '../catalogue/to-player-track';
import { albumUrl, artistUrl, genreUrl, playlistUrl, trackUrl, userUrl } from '../catalogue/urls';
import { getPlayer } from '../playback/player-instance';

export function ChannelItemCard({ item, isPriority }: { item: TChannelLeafItem; isPriority?: boolean }) {
  const { trans } = useTrans();
  const queryClient = useQueryClient();
  switch (item.model_type) {
    case 'track':
      return (
        <MediaCard
          title={item.name}
          subtitle={item.artists.map((artist) => artist.name).join(', ')}
          image={item.image}
          isPriority={isPriority}
          to={trackUrl(item)}
          onPlay={() => getPlayer().playTracks([toPlayerTrack(item)])}
        />
      );
    case 'album':
      return (
        <MediaCard
          title={item.name}
          subtitle={item.artists.map((artist) => artist.name).join(', ')}
          image={item.image}
          isPriority={isPriority}
          to={albumUrl(item, item.artists[0]?.name)}
          onPlay={() => void playCollection(queryClient, 'album', item.id)}
        />
      );
    case 'artist':
      return (
        <MediaCard
          title={item.name}
          subtitle={trans('Artist')}
          image={item.image_small}
          isPriority={isPriority}
          to={artistUrl(item)}
          isRound
        />
      );
    case 'playlist':
      return (
        <MediaCard
          title={item.name}
          subtitle={item.owner?.name}
          image={item.image}
          isPriority={isPriority}
          to={playlistUrl(item)}
          onPlay={() => void playCollection(queryClient, 'playlist', item.id)}
        />
      );
    case 'genre':
      return (
        <MediaCard
          title={item.display_name ?? item.name}
          image={item.image}
          to={genreUrl(item)}
          isPriority={isPriority}
        />
      );
    case 'user':
      return (
        <MediaCard
          title={item.name}
          subtitle={trans('Profile')}
          image={item.image}
          isPriority={isPriority}
          to={userUrl(item)}
          isRound
        />
      );
  }
}
