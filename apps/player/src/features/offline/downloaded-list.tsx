import { useTrans } from '@cadence/app-shell/use-trans';
import { PlainButton } from '@cadence/ui/plain-button';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import DownloadIcon from 'lucide-react/icons/download';
import Trash2Icon from 'lucide-react/icons/trash-2';
import { Link } from 'react-router';
import { EmptyState, PageSkeleton } from '../catalogue/page-states';
import { formatBytes } from './format-bytes';
import { removeDownload, type TDownloadedItem } from './offline-downloads';
import { downloadsQuery, OFFLINE_QUERY_KEY, storageQuery } from './offline-queries';

/**
 * The "Downloaded" library view (issue 37): albums and playlists kept for offline listening, the
 * space each takes and the site's storage as the browser reports it, and a Remove action. Read
 * from the browser only, so it works offline (the /offline page shows it too).
 */
export function DownloadedList({ headingLevel = 2 }: { headingLevel?: 2 | 3 }) {
  const { trans } = useTrans();
  const downloads = useQuery(downloadsQuery());
  const storage = useQuery(storageQuery());
  if (downloads.isPending) return <PageSkeleton variant="list" />;
  const items = downloads.data ?? [];
  const Heading = `h${headingLevel}` as const;
  if (items.length === 0) {
    return (
      <EmptyState
        icon={<DownloadIcon aria-hidden />}
        title={trans('Albums and playlists you download will appear here')}
        description={trans('Use "Download" on an album or playlist page to listen without a connection.')}
      />
    );
  }
  const total = items.reduce((sum, item) => sum + item.bytes, 0);
  return (
    <section
      aria-labelledby="downloaded-heading"
      className="flex flex-col gap-4"
      data-testid="downloaded-list"
    >
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <Heading id="downloaded-heading" className="text-xl font-semibold">
          {trans('Downloaded')}
        </Heading>
        <p className="text-sm text-muted" data-testid="offline-storage">
          {trans('Downloads use :size', { size: formatBytes(total) })}
          {storage.data &&
            ` · ${trans('this site uses :usage of :quota available', {
              usage: formatBytes(storage.data.usage),
              quota: formatBytes(storage.data.quota),
            })}`}
        </p>
      </div>
      <ul className="flex flex-col divide-y divide-fg-base/10">
        {items.map((item) => (
          <DownloadedRow key={`${item.type}-${item.id}`} item={item} />
        ))}
      </ul>
    </section>
  );
}

function DownloadedRow({ item }: { item: TDownloadedItem }) {
  const { trans } = useTrans();
  const queryClient = useQueryClient();
  const onRemove = async () => {
    await removeDownload(item.type, item.id);
    await queryClient.invalidateQueries({ queryKey: OFFLINE_QUERY_KEY });
  };
  return (
    <li className="flex items-center gap-3 py-2">
      {item.image ? (
        <img src={item.image} alt="" className="size-12 rounded object-cover" />
      ) : (
        <span aria-hidden className="size-12 rounded bg-chip" />
      )}
      <div className="min-w-0 flex-1">
        <Link to={item.path} className="block truncate font-medium hover:underline">
          {item.name}
        </Link>
        <p className="text-sm text-muted">
          {item.type === 'album' ? trans('Album') : trans('Playlist')} ·{' '}
          {trans('{count, plural, one {# track} other {# tracks}}', { count: item.track_ids.length })} ·{' '}
          {formatBytes(item.bytes)}
        </p>
      </div>
      <PlainButton
        variant="outline"
        size="sm"
        onPress={() => void onRemove()}
        startIcon={<Trash2Icon aria-hidden className="size-4" />}
        aria-label={trans('Remove :name from downloads', { name: item.name })}
      >
        {trans('Remove')}
      </PlainButton>
    </li>
  );
}
