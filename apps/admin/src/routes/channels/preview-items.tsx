import type { TLeafItemsProps } from '@cadence/app-shell/channels/channel-sections';
import type { TChannelLeafItem } from '@cadence/contracts/channel';

const title = (item: TChannelLeafItem) =>
  item.model_type === 'genre' ? (item.display_name ?? item.name) : item.name;

/** The preview's items: names in the channel's layout, inert (playing belongs to the player). */
export function PreviewItems({ items, layout, label }: TLeafItemsProps) {
  const isRows = layout === 'track_table' || layout === 'list';
  return (
    <ul
      aria-label={label}
      className={
        isRows
          ? 'flex flex-col gap-3'
          : layout === 'carousel'
            ? 'grid grid-flow-col gap-3 overflow-x-auto'
            : 'grid grid-cols-[repeat(auto-fill,minmax(9rem,1fr))] gap-3'
      }
    >
      {items.map((item) => (
        <li
          key={`${item.model_type}-${item.id}`}
          className="rounded-panel border border-divider px-3 py-2 text-sm"
        >
          <span className="font-medium">{title(item)}</span>
          <span className="ml-2 text-muted">{item.model_type}</span>
        </li>
      ))}
    </ul>
  );
}
