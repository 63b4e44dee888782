import { useTrans } from '@cadence/app-shell/use-trans';
import { isHttpError } from '@cadence/http-client/http-error';
import { Spinner } from '@cadence/ui/spinner';
import type { ReactNode } from 'react';

/** The page frame every billing page shares (the player layout already holds the <main>). */
export function BillingFrame({
  title,
  children,
  width = 'max-w-3xl',
  testId,
}: {
  title: string;
  children: ReactNode;
  width?: string;
  testId?: string;
}) {
  return (
    <div className={`mx-auto flex w-full ${width} flex-col gap-6 px-4 py-8`} data-testid={testId}>
      <h1 className="text-3xl font-bold">{title}</h1>
      {children}
    </div>
  );
}

export function BillingLoading() {
  const { trans } = useTrans();
  return <Spinner label={trans('Loading...')} />;
}

/** The server's message when it gave one (declined, not found...), the spec's generic line otherwise. */
export function errorMessage(error: unknown): string {
  return isHttpError(error) ? error.message : 'There was an issue. Please try again.';
}

export function BillingError({ error }: { error: unknown }) {
  const { trans } = useTrans();
  return (
    <p role="alert" className="rounded-panel bg-danger/10 p-4 text-sm text-fg">
      {trans(errorMessage(error))}
    </p>
  );
}
