import { useTrans } from '@cadence/app-shell/use-trans';
import { Button } from '@cadence/ui/button';
import { Spinner } from '@cadence/ui/spinner';
import type { ReactNode } from 'react';

/** First load of a list: nothing to show yet (later pages keep the previous rows instead). */
export function TableLoading() {
  const { trans } = useTrans();
  return (
    <div className="flex items-center justify-center py-16" data-testid="table-loading">
      <Spinner label={trans('Loading...')} />
    </div>
  );
}

export function TableError({ onRetry }: { onRetry: () => void }) {
  const { trans } = useTrans();
  return (
    <div
      role="alert"
      className="flex flex-col items-center gap-3 py-16 text-center"
      data-testid="table-error"
    >
      <p>{trans('Could not load this list.')}</p>
      <Button variant="outline" size="sm" onPress={onRetry}>
        {trans('Try again')}
      </Button>
    </div>
  );
}

/**
 * Two different empties: a list with nothing in it yet (`message`, perhaps with a way to add
 * the first item) and a search/filter that matched nothing (with a way back).
 */
export function TableEmpty({
  isNarrowed,
  message,
  action,
  onClearFilters,
}: {
  isNarrowed: boolean;
  message?: string;
  action?: ReactNode;
  onClearFilters: () => void;
}) {
  const { trans } = useTrans();
  return (
    <div className="flex flex-col items-center gap-3 py-16 text-center" data-testid="table-empty">
      {isNarrowed ? (
        <>
          <p className="font-medium">{trans('No results for these filters')}</p>
          <p className="text-sm text-muted">{trans('Try another search or clear the filters.')}</p>
          <Button variant="outline" size="sm" onPress={onClearFilters}>
            {trans('Clear filters')}
          </Button>
        </>
      ) : (
        <>
          <p className="font-medium">{message ?? trans('Nothing here yet')}</p>
          {action}
        </>
      )}
    </div>
  );
}
