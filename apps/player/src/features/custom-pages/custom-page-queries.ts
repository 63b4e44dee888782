import type { TCustomPageResponse } from '@cadence/contracts/custom-page';
import { apiClient } from '@cadence/http-client/http-client';
import { queryOptions } from '@tanstack/react-query';

/** Spec 7 `GET custom-pages/{idOrSlug}`: page, seo and set_seo. */
export const customPageQuery = (idOrSlug: string) =>
  queryOptions({
    queryKey: ['custom-pages', idOrSlug],
    queryFn: ({ signal }) =>
      apiClient.get<TCustomPageResponse>(`custom-pages/${encodeURIComponent(idOrSlug)}`, { signal }),
  });
