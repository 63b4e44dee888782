import { useTrans } from '@cadence/app-shell/use-trans';
import type { TChannelItem, TChannelLeafItem, TChannelResponse } from '@cadence/contracts/channel';
import type { CSSProperties } from 'react';
import { Link } from 'react-router';
import { MediaGrid, PRIORITY_CARDS } from '../catalogue/media-card';
import { EmptyState } from '../catalogue/page-states';
import { toPlayerTrack } from '../catalogue/to-player-track';
import { TrackTable } from '../tracks/track-table';
import { ChannelItemCard } from './channel-item-card';
import { contentWidth, estimatedRowHeight } from './row-size';

type TLayout = 'grid' | 'carousel' | 'track_table' | 'list';

function LeafItems({
  items,
  layout,
  label,
  isFirst,
}: {
  items: TChannelLeafItem[];
  layout: TLayout;
  label: string;
  /** The page's first grid: its first cards hold the likely LCP image. */
  isFirst?: boolean;
}) {
  const tracks = items.filter((item) => item.model_type === 'track');
  if (layout === 'track_table' && tracks.length === items.length) {
    return <TrackTable tracks={tracks.map((track) => toPlayerTrack(track))} aria-label={label} />;
  }
  return (
    <MediaGrid isCarousel={layout === 'carousel'}>
      {items.map((item, index) => (
        <ChannelItemCard
          key={`${item.model_type}-${item.id}`}
          item={item}
          isPriority={isFirst && index < PRIORITY_CARDS}
        />
      ))}
    </MediaGrid>
  );
}

const deferredRowStyle = (child: Extract<TChannelItem, { model_type: 'channel' }>): CSSProperties => ({
  contentVisibility: 'auto',
  containIntrinsicSize: `auto ${estimatedRowHeight(child.config.layout, child.content.data.length, !child.config.hide_title, contentWidth())}px`,
});

/** A channel page's body: its own items, or, for a channel of channels, one section per child. */
export function ChannelContent({ channel }: { channel: TChannelResponse['channel'] }) {
  const { trans } = useTrans();
  const items: TChannelItem[] = channel.content.data;
  if (items.length === 0) {
    return (
      <EmptyState title={trans('Nothing here yet')} description={trans('This channel has no content yet.')} />
    );
  }
  const children = items.filter((item) => item.model_type === 'channel');
  if (children.length > 0 && children.every((child) => child.content.data.length === 0)) {
    return (
      <EmptyState
        title={trans('Nothing here yet')}
        description={trans('New music will show up here soon.')}
      />
    );
  }
  if (children.length > 0) {
    const firstShown = children.find((child) => child.content.data.length > 0);
    return (
      <div className="flex flex-col gap-10">
        {children.map((child) =>
          child.content.data.length === 0 ? null : (
            <section
              key={child.id}
              aria-labelledby={`channel-${child.id}`}
              data-testid="channel-section"
              // Rows after the first: the browser skips their style, layout and paint while they are
              // off screen (the first page's commit laid out every row), in a space kept for them.
              style={child === firstShown ? undefined : deferredRowStyle(child)}
            >
              {!child.config.hide_title && (
                <h2 id={`channel-${child.id}`} className="mb-3 text-xl font-bold">
                  <Link to={`/channel/${child.slug}`} className="hover:underline">
                    {child.name}
                  </Link>
                </h2>
              )}
              <LeafItems
                items={child.content.data}
                layout={child.config.layout}
                label={child.name}
                isFirst={child === firstShown}
              />
            </section>
          ),
        )}
      </div>
    );
  }
  return (
    <LeafItems
      items={items as TChannelLeafItem[]}
      layout={channel.config.layout}
      label={channel.name}
      isFirst
    />
  );
}
