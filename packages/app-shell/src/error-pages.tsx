import { buttonClasses } from '@cadence/ui/button-styles';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { useTrans } from './use-trans';

function ErrorPageLayout({ children, testId }: { children: ReactNode; testId: string }) {
  return (
    <main
      className="mx-auto flex min-h-[60vh] max-w-xl flex-col items-center justify-center gap-4 px-4 py-16 text-center text-fg"
      data-testid={testId}
    >
      {children}
    </main>
  );
}

/** Spec 2.3 404 page. */
export function NotFoundPage() {
  const { trans } = useTrans();
  return (
    <ErrorPageLayout testId="not-found-page">
      <h1 className="text-2xl font-semibold">
        {trans("Looks like you've found the doorway to the great nothing")}
      </h1>
      <p className="text-muted">
        {trans(
          "Sorry about that! The page you were looking for doesn't exist. Please visit our homepage to get where you need to go.",
        )}
      </p>
      <Link to="/" className={buttonClasses({ variant: 'primary' })}>
        {trans('Take me there!')}
      </Link>
    </ErrorPageLayout>
  );
}

/** Spec 2.3 generic error page. */
export function GenericErrorPage() {
  const { trans } = useTrans();
  return (
    <ErrorPageLayout testId="generic-error-page">
      <h1 className="text-2xl font-semibold">{trans('There was an issue loading this page')}</h1>
      <p className="text-muted">{trans('Please try again later')}</p>
    </ErrorPageLayout>
  );
}
