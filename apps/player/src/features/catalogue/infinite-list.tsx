import { useTrans } from '@cadence/app-shell/use-trans';
import { apiClient } from '@cadence/http-client/http-client';
import { Spinner } from '@cadence/ui/spinner';
import { infiniteQueryOptions, type QueryKey } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';

export interface TPage<T> {
  pagination: { data: T[]; current_page: number; last_page: number; total: number };
}

/** A paginated api list as an infinite query: page 1, 2... until `last_page`. */
export function pagedListQuery<T>(
  queryKey: QueryKey,
  path: string,
  params: Record<string, string | number> = {},
  perPage = 50,
) {
  return infiniteQueryOptions({
    queryKey,
    queryFn: ({ pageParam, signal }) =>
      apiClient.get<TPage<T>>(path, { params: { ...params, perPage, page: pageParam }, signal }),
    initialPageParam: 1,
    getNextPageParam: (last: TPage<T>) =>
      last.pagination.current_page < last.pagination.last_page ? last.pagination.current_page + 1 : undefined,
  });
}

export const allItems = <T,>(data: { pages: TPage<T>[] } | undefined): T[] =>
  data?.pages.flatMap((page) => page.pagination.data) ?? [];

/** How many items the whole list has, loaded or not (a virtualised table's aria-rowcount). */
export const totalOf = <T,>(data: { pages: TPage<T>[] } | undefined): number | undefined =>
  data?.pages[0]?.pagination.total;

/**
 * Loads the next page when it scrolls into view (with a margin, so the list rarely waits);
 * also a button, for keyboards and for when the observer is unavailable.
 */
export function LoadMore({
  hasNextPage,
  isFetchingNextPage,
  fetchNextPage,
  isManual = false,
}: {
  /** Only the button loads more (a channel's "load more" pagination); no loading on scroll. */
  isManual?: boolean;
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  fetchNextPage: () => unknown;
}) {
  const { trans } = useTrans();
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const element = ref.current;
    if (!element || !hasNextPage || isManual || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting) && !isFetchingNextPage) fetchNextPage();
      },
      { rootMargin: '600px 0px' },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [hasNextPage, isFetchingNextPage, fetchNextPage, isManual]);
  if (!hasNextPage) return null;
  return (
    <div ref={ref} className="flex justify-center py-4" data-testid="load-more">
      {isFetchingNextPage ? (
        <Spinner label={trans('Loading')} size="sm" />
      ) : (
        <button type="button" className="text-sm text-muted hover:text-fg" onClick={() => fetchNextPage()}>
          {trans('Load more')}
        </button>
      )}
    </div>
  );
}
