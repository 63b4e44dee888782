import type { TFilterDef } from '@cadence/admin-kit/table-toolbar';
import type { TGenre } from '@cadence/contracts/genre';
import type { TPagination } from '@cadence/contracts/pagination';
import { apiClient } from '@cadence/http-client/http-client';
import { useQuery } from '@tanstack/react-query';

/** The genre filter's choices: the 100 most popular genres (the table takes any genre name in the address). */
export function useGenreFilter(label: string): TFilterDef {
  const query = useQuery({
    queryKey: ['admin-genre-options'],
    queryFn: ({ signal }) =>
      apiClient.get<TPagination<TGenre>>('genres', {
        params: { perPage: 100, orderBy: 'popularity', orderDir: 'desc' },
        signal,
      }),
    staleTime: 60_000,
  });
  return {
    key: 'genre',
    label,
    options: (query.data?.pagination.data ?? []).map((genre) => ({
      value: genre.name,
      label: genre.display_name ?? genre.name,
    })),
  };
}

export const yesNo = (key: string, label: string, yes: string, no: string): TFilterDef => ({
  key,
  label,
  options: [
    { value: 'true', label: yes },
    { value: 'false', label: no },
  ],
});

/** The last 60 years, newest first: enough for a select, any year still works from the address. */
export const releaseYearFilter = (label: string): TFilterDef => ({
  key: 'release_year',
  label,
  options: Array.from({ length: 60 }, (_, index) => {
    const year = String(new Date().getFullYear() - index);
    return { value: year, label: year };
  }),
});
