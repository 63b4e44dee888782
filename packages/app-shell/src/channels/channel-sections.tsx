import type { TChannelItem, TChannelLeafItem, TChannelResponse } from '@cadence/contracts/channel';
import { type CSSProperties, type ReactNode, startTransition, useEffect, useState } from 'react';
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
  const belowFirstScreen = rowsBelowFirstScreen(children, firstShown, reservedHeight);
  const deferredRowStyle = (child: TChildChannel): CSSProperties | undefined =>
    !belowFirstScreen.has(child) || !reservedHeight
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
            // Rows below the first screen: skipped by the browser while off screen, in a space
            // kept for them (rowsBelowFirstScreen). A row that is on it is laid out with the page:
            // left to content-visibility, it cost a second style and layout pass in the same task.
            style={deferredRowStyle(child)}
          >
            {!child.config.hide_title && (
              <h2 id={`channel-${child.id}`} className="mb-3 text-xl font-bold">
                <Link to={`/channel/${child.slug}`} className="hover:underline">
                  {child.name}
                </Link>
              </h2>
            )}
            {belowFirstScreen.has(child) ? (
              <AfterFirstCommit>{() => renderItems(itemsProps(child, firstShown))}</AfterFirstCommit>
            ) : (
              renderItems(itemsProps(child, firstShown))
            )}
          </section>
        ),
      )}
    </div>
  );
}

const itemsProps = (child: TChildChannel, firstShown: TChildChannel | undefined): TLeafItemsProps => ({
  items: child.content.data,
  layout: child.config.layout,
  label: child.name,
  isFirst: child === firstShown,
});

/**
 * Its content after the page's first commit, in a transition of its own: the first render, commit
 * and layout hold only what is on the first screen (the rows already drawn are not rendered again).
 */
function AfterFirstCommit({ children }: { children: () => ReactNode }) {
  const [isShown, setShown] = useState(false);
  useEffect(() => {
    startTransition(() => setShown(true));
  }, []);
  return isShown ? children() : null;
}

/** The space between two rows (`gap-10`). */
const ROW_GAP_PX = 40;

/**
 * The rows that start below the first screen by their reserved heights (the page's header above
 * them only pushes them further down): the browser skips their style, layout and paint while they
 * are off screen, and their items come after the first commit. The first row with items never is.
 */
function rowsBelowFirstScreen(
  children: TChildChannel[],
  firstShown: TChildChannel | undefined,
  reservedHeight: ((child: TChildChannel) => number) | undefined,
): Set<TChildChannel> {
  const below = new Set<TChildChannel>();
  if (!reservedHeight) return below;
  const screenHeight = typeof window === 'undefined' ? 0 : window.innerHeight;
  let top = 0;
  for (const child of children) {
    if (child.content.data.length === 0) continue;
    if (child !== firstShown && top >= screenHeight) below.add(child);
    top += reservedHeight(child) + ROW_GAP_PX;
  }
  return below;
}
