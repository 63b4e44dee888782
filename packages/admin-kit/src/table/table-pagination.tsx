import { useTrans } from '@cadence/app-shell/use-trans';
import { numberFormat } from '@cadence/contracts/number-format';
import { hasNextPage } from '@cadence/contracts/pagination';
import { Button } from '@cadence/ui/button';
import { useId } from 'react';
import { PER_PAGE_CHOICES } from './list-params';

/** A page's `pagination` block; `total_capped`: more than `total` rows match (a lower bound). */
export type TPageInfo = {
  current_page: number;
  per_page: number;
  total: number;
  last_page: number;
  total_capped?: boolean | undefined;
};

const count = (value: number) => numberFormat().format(value);

export function TablePagination({
  info,
  onPage,
  onPerPage,
}: {
  info: TPageInfo;
  onPage: (page: number) => void;
  onPerPage: (perPage: number) => void;
}) {
  const { trans } = useTrans();
  const perPageId = useId();
  const from = info.total === 0 ? 0 : (info.current_page - 1) * info.per_page + 1;
  // A capped total is a lower bound: the page's own end is known, the list's last page is not.
  const isCapped = info.total_capped === true;
  const to = isCapped
    ? info.current_page * info.per_page
    : Math.min(info.total, info.current_page * info.per_page);
  const range = { from: count(from), to: count(to), total: count(info.total) };
  return (
    <nav
      aria-label={trans('Pagination')}
      className="flex flex-wrap items-center justify-between gap-3 pt-3 text-sm"
    >
      <div className="flex items-center gap-2">
        <label htmlFor={perPageId} className="text-muted">
          {trans('Rows per page')}
        </label>
        <select
          id={perPageId}
          value={info.per_page}
          onChange={(event) => onPerPage(Number(event.target.value))}
          className="h-8 rounded-input border border-divider bg-paper px-2 text-sm text-fg outline-none focus-visible:ring-2 focus-visible:ring-primary"
        >
          {[...new Set([...PER_PAGE_CHOICES, info.per_page])]
            .sort((a, b) => a - b)
            .map((choice) => (
              <option key={choice} value={choice}>
                {choice}
              </option>
            ))}
        </select>
      </div>
      <span className="text-muted" data-testid="page-range">
        {isCapped ? trans(':from - :to of more than :total', range) : trans(':from - :to of :total', range)}
      </span>
      <div className="flex items-center gap-2">
        <Button
          variant="outline"
          size="sm"
          isDisabled={info.current_page <= 1}
          onPress={() => onPage(info.current_page - 1)}
        >
          {trans('Previous')}
        </Button>
        <span className="text-muted" data-testid="page-number">
          {isCapped
            ? trans('Page :page', { page: count(info.current_page) })
            : trans(':page of :last', { page: count(info.current_page), last: count(info.last_page) })}
        </span>
        <Button
          variant="outline"
          size="sm"
          isDisabled={!hasNextPage(info)}
          onPress={() => onPage(info.current_page + 1)}
        >
          {trans('Next')}
        </Button>
      </div>
    </nav>
  );
}
