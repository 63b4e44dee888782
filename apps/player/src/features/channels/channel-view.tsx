import { useInfiniteQuery } from '@tanstack/react-query';
import { useEffect, useMemo } from 'react';
import { channelPagesQuery } from '../catalogue/catalogue-queries';
import { LoadMore } from '../catalogue/infinite-list';
import { ErrorState, PageSkeleton } from '../catalogue/page-states';
import { ChannelContent } from './channel-content';

/** Loads and shows a channel by slug or id, optionally restricted to a genre or tag. */
export function ChannelView({
  slugOrId,
  restriction,
  isHome,
}: {
  slugOrId: string;
  restriction?: string;
  isHome?: boolean;
}) {
  const query = useInfiniteQuery(channelPagesQuery(slugOrId, restriction));
  const channel = useMemo(() => {
    const pages = query.data?.pages ?? [];
    const first = pages[0]?.channel;
    if (!first) return undefined;
    const data = pages.flatMap((page) => page.channel.content.data);
    return { ...first, content: { ...first.content, data } };
  }, [query.data]);
  useEffect(() => {
    if (channel && !isHome) document.title = channel.config.seo_title || channel.name;
  }, [channel, isHome]);
  if (query.isPending) return <PageSkeleton variant="grid" />;
  if (query.isError || !channel)
    return <ErrorState error={query.error} onRetry={() => void query.refetch()} />;
  const data = channel;
  const title = data.restriction ? `${data.name}: ${data.restriction.name}` : data.name;
  return (
    <div className="p-6" data-testid="channel-page">
      {!data.config.hide_title && <h1 className="mb-6 text-3xl font-bold">{title}</h1>}
      <ChannelContent channel={data} />
      {data.config.pagination !== 'none' && (
        <LoadMore {...query} isManual={data.config.pagination === 'load_more'} />
      )}
    </div>
  );
}
