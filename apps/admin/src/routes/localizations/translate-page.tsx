import { useTrans } from '@cadence/app-shell/use-trans';
import type { TAdminLocalization, TLocalizationLine } from '@cadence/contracts/localizations';
import type { TPagination } from '@cadence/contracts/pagination';
import { apiClient } from '@cadence/http-client/http-client';
import { Button } from '@cadence/ui/button';
import { Checkbox } from '@cadence/ui/checkbox';
import { Spinner } from '@cadence/ui/spinner';
import { TextField } from '@cadence/ui/text-field';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { Link, useParams, useSearchParams } from 'react-router';
import { LinesForm } from './lines-form';
import { RenameForm } from './rename-form';

const PER_PAGE = 25;

/** /admin/localizations/{localeId}/translate: every line, searchable, untranslated ones on demand. */
export function TranslatePage() {
  const { trans } = useTrans();
  const { localeId = '' } = useParams();
  const [params, setParams] = useSearchParams();
  const query = params.get('query') ?? '';
  const untranslated = params.get('untranslated') === '1';
  const page = Math.max(1, Number(params.get('page')) || 1);
  const [search, setSearch] = useState(query);
  useEffect(() => setSearch(query), [query]);

  const setParam = (changes: Record<string, string | null>) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        for (const [key, value] of Object.entries(changes)) {
          if (value) next.set(key, value);
          else next.delete(key);
        }
        return next;
      },
      { replace: true },
    );

  const localization = useQuery({
    queryKey: ['admin', 'localizations', localeId, 'info'],
    queryFn: () => apiClient.get<{ localization: TAdminLocalization }>(`localizations/${localeId}`),
  });
  const lines = useQuery({
    queryKey: ['admin', 'localizations', localeId, 'lines', { query, untranslated, page }],
    queryFn: () =>
      apiClient.get<TPagination<TLocalizationLine>>(`localizations/${localeId}/lines`, {
        params: {
          query: query || undefined,
          untranslated: untranslated ? '1' : undefined,
          page,
          perPage: PER_PAGE,
        },
      }),
    placeholderData: keepPreviousData,
  });

  if (localization.isError)
    return (
      <p role="alert">
        {trans('This language could not be loaded.')}{' '}
        <Link to="/localizations" className="underline">
          {trans('Back to localizations')}
        </Link>
      </p>
    );
  const info = localization.data?.localization;
  const pagination = lines.data?.pagination;
  return (
    <section className="flex max-w-3xl flex-col gap-4" data-testid="translate-page">
      <nav aria-label={trans('Breadcrumbs')} className="text-sm text-muted">
        <Link to="/localizations" className="underline hover:text-fg">
          {trans('Localizations')}
        </Link>{' '}
        / <span>{info?.name ?? '…'}</span>
      </nav>
      <h1 className="text-2xl font-semibold">
        {info ? trans('Translate :name', { name: info.name }) : trans('Translate')}
      </h1>
      {info && <RenameForm key={info.name} localization={info} />}
      {info && (
        <p className="text-sm text-muted">
          {trans(':done of :all lines translated', {
            done: String(info.translated_count),
            all: String(info.lines_count),
          })}
        </p>
      )}
      <form
        aria-label={trans('Search lines')}
        className="flex flex-wrap items-end gap-3"
        onSubmit={(event) => {
          event.preventDefault();
          setParam({ query: search.trim() || null, page: null });
        }}
      >
        <TextField
          label={trans('Search lines')}
          value={search}
          onChange={setSearch}
          className="min-w-60 flex-1"
        />
        <Button type="submit" variant="outline">
          {trans('Search')}
        </Button>
        <Checkbox
          isSelected={untranslated}
          onChange={(on) => setParam({ untranslated: on ? '1' : null, page: null })}
        >
          {trans('Untranslated only')}
        </Checkbox>
      </form>
      {lines.isPending && <Spinner label={trans('Loading...')} />}
      {lines.isError && <p role="alert">{trans('There was an issue. Please try again.')}</p>}
      {pagination && pagination.data.length === 0 && (
        <p className="text-muted">{trans('No lines match these filters.')}</p>
      )}
      {pagination && pagination.data.length > 0 && (
        <LinesForm
          key={JSON.stringify([query, untranslated, page, pagination.data.map((line) => line.translation)])}
          localizationId={localeId}
          lines={pagination.data}
        />
      )}
      {pagination && pagination.last_page > 1 && (
        <nav aria-label={trans('Pagination')} className="flex items-center gap-3">
          <Button
            variant="outline"
            size="sm"
            isDisabled={page <= 1}
            onPress={() => setParam({ page: String(page - 1) })}
          >
            {trans('Previous')}
          </Button>
          <span className="text-sm text-muted">
            {trans(':page of :last', { page: String(page), last: String(pagination.last_page) })}
          </span>
          <Button
            variant="outline"
            size="sm"
            isDisabled={page >= pagination.last_page}
            onPress={() => setParam({ page: String(page + 1) })}
          >
            {trans('Next')}
          </Button>
        </nav>
      )}
    </section>
  );
}
