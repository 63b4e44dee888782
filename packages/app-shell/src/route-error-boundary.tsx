import { isHttpError } from '@cadence/http-client/http-error';
import { isRouteErrorResponse, useRouteError } from 'react-router';
import { GenericErrorPage, NotFoundPage } from './error-pages';

export function isNotFoundError(error: unknown): boolean {
  if (isRouteErrorResponse(error)) return error.status === 404;
  return isHttpError(error) && error.status === 404;
}

/** Spec 2.3: a route error with status 404 shows the 404 page, any other the generic page. */
export function RouteErrorBoundary() {
  const error = useRouteError();
  return isNotFoundError(error) ? <NotFoundPage /> : <GenericErrorPage />;
}

/** The root route's error screen: the same choice on a full-height themed page. */
export function RootErrorScreen() {
  return (
    <div className="min-h-dvh bg-bg">
      <RouteErrorBoundary />
    </div>
  );
}
