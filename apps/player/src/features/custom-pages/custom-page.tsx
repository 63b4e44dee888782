import { GenericErrorPage, NotFoundPage } from '@cadence/app-shell/error-pages';
import { useAuth } from '@cadence/app-shell/use-auth';
import { isHttpError } from '@cadence/http-client/http-error';
import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { Navigate, useParams } from 'react-router';
import { CustomPageBody } from './custom-page-body';
import { customPageQuery } from './custom-page-queries';
import { PageShell } from './page-shell';

/** Keeps the document's title and description on the page's SEO while it is open (set_seo). */
function useDocumentSeo(seo: { title: string; description: string | null } | null) {
  useEffect(() => {
    if (!seo) return;
    const previous = document.title;
    document.title = seo.title;
    const meta = document.querySelector<HTMLMetaElement>('meta[name="description"]');
    const previousDescription = meta?.content;
    if (meta && seo.description) meta.content = seo.description;
    return () => {
      document.title = previous;
      if (meta && previousDescription !== undefined) meta.content = previousDescription;
    };
  }, [seo]);
}

/**
 * Spec 2.9 `/pages/{pageSlug}` and `/pages/{pageId}/{pageSlug}` (or `pageKey`, the homepage
 * setting's page at `/`), with the states of spec 4: 401/403 while logged out -> /login, 404 -> the
 * not-found page, anything else the generic error.
 */
export function CustomPage({ pageKey }: { pageKey?: string }) {
  const { pageId, pageSlug = '' } = useParams();
  const { isLoggedIn } = useAuth();
  const query = useQuery(customPageQuery(pageKey ?? pageId ?? pageSlug));
  const data = query.data;
  useDocumentSeo(data?.set_seo ? data.seo : null);

  if (query.isPending) {
    return (
      <PageShell>
        <div aria-busy="true" className="h-64" />
      </PageShell>
    );
  }
  if (query.isError) {
    const status = isHttpError(query.error) ? query.error.status : 0;
    if ((status === 401 || status === 403) && !isLoggedIn) return <Navigate to="/login" replace />;
    return <PageShell>{status === 404 ? <NotFoundPage /> : <GenericErrorPage />}</PageShell>;
  }
  const { page } = query.data;
  return (
    <PageShell hideNav={page.hide_nav}>
      <article data-testid="custom-page">
        <h1 className="mb-6 text-4xl font-black">{page.title}</h1>
        <CustomPageBody html={page.body} />
      </article>
    </PageShell>
  );
}
