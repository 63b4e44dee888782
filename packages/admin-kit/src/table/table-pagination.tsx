import { useTrans } from '@cadence/app-shell/use-trans';
import { Button } from '@cadence/ui/button';
import { useId } from 'react';
import { PER_PAGE_CHOICES } from './list-params';

export type TPageInfo = { current_page: number; per_page: number; total: number; last_page: number };

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
  const to = Math.min(info.total, info.current_page * info.per_page);
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
        {trans(':from - :to of :total', { from: String(from), to: String(to), total: String(info.total) })}
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
        <span className="text-muted">
          {trans(':page of :last', { page: String(info.current_page), last: String(info.last_page) })}
        </span>
        <Button
          variant="outline"
          size="sm"
          isDisabled={info.current_page >= info.last_page}
          onPress={() => onPage(info.current_page + 1)}
        >
          {trans('Next')}
        </Button>
      </div>
    </nav>
  );
}
