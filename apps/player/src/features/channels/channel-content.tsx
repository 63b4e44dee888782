import { ChannelSections, type TLeafItemsProps } from '@cadence/app-shell/channels/channel-sections';
import { useTrans } from '@cadence/app-shell/use-trans';
import type { TChannelResponse } from '@cadence/contracts/channel';
import { useQueryClient } from '@tanstack/react-query';
import { Fragment } from 'react';
import { MediaGrid, PRIORITY_CARDS } from '../catalogue/media-card';
import { EmptyState } from '../catalogue/page-states';
import { toPlayerTrack } from '../catalogue/to-player-track';
import { TrackTable } from '../tracks/track-table';
import { channelItemCard } from './channel-item-card';
import { contentWidth, estimatedRowHeight } from './row-size';

function LeafItems({ items, layout, label, isFirst }: TLeafItemsProps) {
  const { trans } = useTrans();
  const queryClient = useQueryClient();
  const tracks = items.filter((item) => item.model_type === 'track');
  if (layout === 'track_table' && tracks.length === items.length) {
    return <TrackTable tracks={tracks.map((track) => toPlayerTrack(track))} aria-label={label} />;
  }
  return (
    <MediaGrid isCarousel={layout === 'carousel'}>
      {items.map((item, index) => (
        <Fragment key={`${item.model_type}-${item.id}`}>
          {channelItemCard(item, isFirst && index < PRIORITY_CARDS, trans, queryClient)}
        </Fragment>
      ))}
    </MediaGrid>
  );
}

/** A channel page's body: its own items, or, for a channel of channels, one section per child. */
export function ChannelContent({ channel }: { channel: TChannelResponse['channel'] }) {
  return (
    <ChannelSections
      channel={channel}
      renderItems={(props) => <LeafItems {...props} />}
      renderEmpty={(props) => <EmptyState {...props} />}
      reservedHeight={(child) =>
        estimatedRowHeight(
          child.config.layout,
          child.content.data.length,
          !child.config.hide_title,
          contentWidth(),
        )
      }
    />
  );
}
