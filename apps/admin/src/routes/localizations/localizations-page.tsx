import { DataTablePage } from '@cadence/admin-kit/data-table-page';
import { ADMIN_LIST_KEY } from '@cadence/admin-kit/use-admin-list';
import { openDialog } from '@cadence/app-shell/modal-store';
import { toast } from '@cadence/app-shell/toast-store';
import { useTrans } from '@cadence/app-shell/use-trans';
import type { TAdminLocalization } from '@cadence/contracts/localizations';
import { apiClient } from '@cadence/http-client/http-client';
import { isHttpError } from '@cadence/http-client/http-error';
import { Button } from '@cadence/ui/button';
import { buttonClasses } from '@cadence/ui/button-styles';
import { useQueryClient } from '@tanstack/react-query';
import type { ColumnDef } from '@tanstack/react-table';
import { useMemo } from 'react';
import { Link, useNavigate } from 'react-router';
import { AddLocalizationDialog } from './add-localization-dialog';

/** /admin/localizations: the languages, how much of each is translated, the default one. */
export function LocalizationsPage() {
  const { trans } = useTrans();
  const navigate = useNavigate();
  const queryClient = useQueryClient();

  const columns = useMemo<ColumnDef<TAdminLocalization>[]>(() => {
    async function makeDefault(row: TAdminLocalization) {
      try {
        await apiClient.post(`localizations/${row.id}/default`);
        toast.positive(trans('Default language changed'));
        await queryClient.invalidateQueries({ queryKey: [ADMIN_LIST_KEY, 'localizations'] });
      } catch (error) {
        toast.danger(isHttpError(error) ? error.message : trans('There was an issue. Please try again.'));
      }
    }
    return [
      {
        id: 'name',
        header: trans('Name'),
        enableSorting: true,
        cell: ({ row }) => (
          <Link to={`/localizations/${row.original.id}/translate`} className="font-medium underline">
            {row.original.name}
          </Link>
        ),
      },
      { id: 'language', header: trans('Code'), enableSorting: true, accessorKey: 'language' },
      {
        id: 'progress',
        header: trans('Translated'),
        cell: ({ row }) =>
          trans(':done of :all lines', {
            done: String(row.original.translated_count),
            all: String(row.original.lines_count),
          }),
        meta: { hideOnMobile: true },
      },
      {
        id: 'default',
        header: trans('Default'),
        cell: ({ row }) =>
          row.original.is_default ? (
            <span className="font-medium">{trans('Default')}</span>
          ) : (
            <Button
              variant="outline"
              size="sm"
              aria-label={trans('Set as default: :name', { name: row.original.name })}
              onPress={() => void makeDefault(row.original)}
            >
              {trans('Set as default')}
            </Button>
          ),
      },
      {
        id: 'translate',
        header: trans('Actions'),
        cell: ({ row }) => (
          <Link
            to={`/localizations/${row.original.id}/translate`}
            className={buttonClasses({ variant: 'outline', size: 'sm' })}
            aria-label={trans('Translate :name', { name: row.original.name })}
          >
            {trans('Translate')}
          </Link>
        ),
      },
    ];
  }, [trans, queryClient]);

  async function add() {
    const id = await openDialog<number>((close) => <AddLocalizationDialog close={close} />);
    if (!id) return;
    await queryClient.invalidateQueries({ queryKey: [ADMIN_LIST_KEY, 'localizations'] });
    navigate(`/localizations/${id}/translate`);
  }

  return (
    <DataTablePage<TAdminLocalization>
      title={trans('Localizations')}
      endpoint="localizations"
      columns={columns}
      getRowId={(row) => String(row.id)}
      rowLabel={(row) => row.name}
      searchLabel={trans('Search languages')}
      defaultOrderBy="name"
      defaultOrderDir="asc"
      actions={<Button onPress={() => void add()}>{trans('Add language')}</Button>}
      emptyMessage={trans('No languages yet')}
      bulkDelete={{
        title: '{count, plural, one {Delete # language?} other {Delete # languages?}}',
        body: 'Their translations are lost; users who picked them see the default language.',
        confirm: 'Delete',
        done: '{count, plural, one {Deleted # language} other {Deleted # languages}}',
      }}
    />
  );
}
