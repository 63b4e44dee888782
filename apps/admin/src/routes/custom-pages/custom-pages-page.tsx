import { DataTablePage } from '@cadence/admin-kit/data-table-page';
import { useTrans } from '@cadence/app-shell/use-trans';
import type { TCustomPage } from '@cadence/contracts/custom-page';
import { buttonClasses } from '@cadence/ui/button-styles';
import type { ColumnDef } from '@tanstack/react-table';
import { useMemo } from 'react';
import { Link } from 'react-router';

/** /admin/custom-pages: the site's own pages (footer links and any the admin adds). */
export function CustomPagesPage() {
  const { trans } = useTrans();
  const columns = useMemo<ColumnDef<TCustomPage>[]>(
    () => [
      {
        id: 'title',
        header: trans('Title'),
        enableSorting: true,
        cell: ({ row }) => (
          <Link
            to={`/custom-pages/${row.original.id}/edit`}
            className="font-medium underline-offset-4 hover:underline"
          >
            {row.original.title}
          </Link>
        ),
      },
      {
        id: 'slug',
        header: trans('Address'),
        enableSorting: true,
        cell: ({ row }) => `/pages/${row.original.slug}`,
        meta: { hideOnMobile: true },
      },
      {
        id: 'updated_at',
        header: trans('Last updated'),
        enableSorting: true,
        cell: ({ row }) => new Date(row.original.updated_at).toLocaleDateString(),
        meta: { hideOnMobile: true },
      },
    ],
    [trans],
  );
  return (
    <DataTablePage<TCustomPage>
      title={trans('Pages')}
      endpoint="custom-pages"
      columns={columns}
      getRowId={(row) => String(row.id)}
      rowLabel={(row) => row.title}
      searchLabel={trans('Search pages')}
      defaultOrderBy="updated_at"
      actions={
        <Link to="/custom-pages/new" className={buttonClasses()}>
          {trans('Add page')}
        </Link>
      }
      emptyMessage={trans('No pages yet')}
      bulkDelete={{
        title: '{count, plural, one {Delete # page?} other {Delete # pages?}}',
        body: 'Links to them will show the not-found page.',
        confirm: 'Delete',
        done: '{count, plural, one {Deleted # page} other {Deleted # pages}}',
      }}
    />
  );
}
