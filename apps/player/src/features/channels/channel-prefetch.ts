import type { QueryClient } from '@tanstack/react-query';
import { channelPagesQuery } from '../catalogue/catalogue-queries';

/**
 * A route loader's start of the channel's first page, the query ChannelView reads, so it runs
 * while the page chunk loads. Returns at once: the view shows its skeleton and its own errors.
 */
export function prefetchChannel(queryClient: QueryClient, slugOrId: string, restriction?: string): null {
  void queryClient.prefetchInfiniteQuery(channelPagesQuery(slugOrId, restriction));
  return null;
}
