import { NotFoundPage } from '@cadence/app-shell/error-pages';
import { useTrans } from '@cadence/app-shell/use-trans';
import { isHttpError } from '@cadence/http-client/http-error';
import { PlainButton } from '@cadence/ui/plain-button';
import { clsx } from 'clsx';
import type { ReactNode } from 'react';

/** Placeholder shapes while a page loads: never a blank page (player-ux). */
export function PageSkeleton({ variant = 'header' }: { variant?: 'header' | 'grid' | 'list' }) {
  return (
    <div className="animate-pulse p-6" aria-busy="true" data-testid="page-skeleton">
      {variant === 'header' && (
        <div className="mb-8 flex items-end gap-6">
          <div className="size-48 rounded-lg bg-chip" />
          <div className="flex flex-1 flex-col gap-3">
            <div className="h-4 w-24 rounded bg-chip" />
            <div className="h-10 w-2/3 rounded bg-chip" />
            <div className="h-4 w-1/3 rounded bg-chip" />
          </div>
        </div>
      )}
      {variant === 'grid' ? (
        <div className="grid grid-cols-[repeat(auto-fill,minmax(10rem,1fr))] gap-6">
          {Array.from({ length: 10 }, (_, index) => (
            <div key={index} className="flex flex-col gap-2">
              <div className="aspect-square rounded-lg bg-chip" />
              <div className="h-4 w-3/4 rounded bg-chip" />
            </div>
          ))}
        </div>
      ) : (
        <div className="flex flex-col gap-3">
          {Array.from({ length: 8 }, (_, index) => (
            <div key={index} className="h-12 rounded bg-chip" />
          ))}
        </div>
      )}
    </div>
  );
}

export function EmptyState({
  icon,
  title,
  description,
  action,
}: {
  icon?: ReactNode;
  title: string;
  description?: string;
  action?: ReactNode;
}) {
  return (
    <div className="flex flex-col items-center gap-3 px-6 py-16 text-center" data-testid="empty-state">
      {icon && <div className="text-muted [&_svg]:size-12">{icon}</div>}
      <h2 className="text-xl font-semibold">{title}</h2>
      {description && <p className="max-w-md text-muted">{description}</p>}
      {action}
    </div>
  );
}

/** Not found answers show the 404 wording; other failures offer a retry. */
export function ErrorState({
  error,
  onRetry,
  className,
}: {
  error: unknown;
  onRetry?: () => void;
  className?: string;
}) {
  const { trans } = useTrans();
  const isNotFound = isHttpError(error) && (error.status === 404 || error.status === 422);
  if (isNotFound) return <NotFoundPage />;
  return (
    <div
      className={clsx('flex flex-col items-center gap-3 px-6 py-16 text-center', className)}
      role="alert"
      data-testid="error-state"
    >
      <h2 className="text-xl font-semibold">{trans('There was an issue. Please try again later.')}</h2>
      {onRetry && (
        <PlainButton variant="outline" onPress={onRetry}>
          {trans('Try again')}
        </PlainButton>
      )}
    </div>
  );
}
