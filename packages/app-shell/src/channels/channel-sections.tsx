import type { TChannelItem, TChannelLeafItem, TChannelResponse } from '@cadence/contracts/channel';
import type { CSSProperties, ReactNode } from 'react';
import { Link } from 'react-router';
import { useTrans } from '../use-trans';

type TChannel = TChannelResponse['channel'];
export type TChildChannel = Extract<TChannelItem, { model_type: 'channel' }>;
export type TChannelLayout = TChannel['config']['layout'];
export type TLeafItemsProps = {
  items: TChannelLeafItem[];
  layout: TChannelLayout;
  label: string;
  /** The page's first grid: its first cards hold the likely LCP image. */
  isFirst: boolean;
};

/**
 * A channel's body laid out the same in the player and in the admin's preview: its own items,
 * or, for a channel of channels, one titled section per child. Each app draws the items itself
 * (the player with its playable cards, the admin inert), so no app imports another.
 */
export function ChannelSections({
  channel,
  renderItems,
  renderEmpty,
  reservedHeight,
}: {
  channel: TChannel;
  renderItems: (props: TLeafItemsProps) => ReactNode;
  renderEmpty: (props: { title: string; description: string }) => ReactNode;
  /** The height (px) kept for a row the browser lays out later; without it every row is drawn at once. */
  reservedHeight?: (child: TChildChannel) => number;
}) {
  const { trans } = useTrans();
  const items: TChannelItem[] = channel.content.data;
  if (items.length === 0) {
    return renderEmpty({
      title: trans('Nothing here yet'),
      description: trans('This channel has no content yet.'),
    });
  }
  const children = items.filter((item) => item.model_type === 'channel');
  if (children.length > 0 && children.every((child) => child.content.data.length === 0)) {
    return renderEmpty({
      title: trans('Nothing here yet'),
      description: trans('New music will show up here soon.'),
    });
  }
  if (children.length === 0) {
    return renderItems({
      items: items as TChannelLeafItem[],
      layout: channel.config.layout,
      label: channel.name,
      isFirst: true,
    });
  }
  const firstShown = children.find((child) => child.content.data.length > 0);
  const deferredRowStyle = (child: TChildChannel): CSSProperties | undefined =>
    child === firstShown || !reservedHeight
      ? undefined
      : { contentVisibility: 'auto', containIntrinsicSize: `auto ${reservedHeight(child)}px` };
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
            style={deferredRowStyle(child)}
          >
            {!child.config.hide_title && (
              <h2 id={`channel-${child.id}`} className="mb-3 text-xl font-bold">
                <Link to={`/channel/${child.slug}`} className="hover:underline">
                  {child.name}
                </Link>
              </h2>
            )}
            {renderItems({
              items: child.content.data,
              layout: child.config.layout,
              label: child.name,
              isFirst: child === firstShown,
            })}
          </section>
        ),
      )}
    </div>
  );
}
