import { bulkDelete, type TBulkDeleteTexts } from '@cadence/admin-kit/bulk-delete';
import { DataTablePage } from '@cadence/admin-kit/data-table-page';
import { RowActionsMenu } from '@cadence/admin-kit/row-actions-menu';
import { useTrans } from '@cadence/app-shell/use-trans';
import type { TAdminRole } from '@cadence/contracts/admin-roles';
import { buttonClasses } from '@cadence/ui/button-styles';
import { useQueryClient } from '@tanstack/react-query';
import type { ColumnDef } from '@tanstack/react-table';
import { useMemo } from 'react';
import { Link } from 'react-router';

const DELETE_TEXTS: TBulkDeleteTexts = {
  title: '{count, plural, one {Delete # role?} other {Delete # roles?}}',
  body: 'Their users move to the default role for new users.',
  confirm: 'Delete',
  done: '{count, plural, one {Deleted # role} other {Deleted # roles}}',
};

/** /admin/roles: every role with its flags and user count; built-in roles cannot be deleted (the api says why). */
export function RolesPage() {
  const { trans } = useTrans();
  const queryClient = useQueryClient();
  const columns = useMemo<ColumnDef<TAdminRole>[]>(
    () => [
      {
        id: 'name',
        header: trans('Name'),
        enableSorting: true,
        cell: ({ row }) => (
          <Link to={`/roles/${row.original.id}/edit`} className="font-medium hover:underline">
            {row.original.name}
          </Link>
        ),
      },
      {
        id: 'description',
        header: trans('Description'),
        cell: ({ row }) => row.original.description ?? '',
        meta: { hideOnMobile: true },
      },
      {
        id: 'flags',
        header: trans('Given to'),
        cell: ({ row }) =>
          [
            row.original.default && trans('New users'),
            row.original.guests && trans('Guests'),
            row.original.artists && trans('Artists'),
            row.original.internal && trans('Built-in'),
          ]
            .filter(Boolean)
            .join(', '),
        meta: { hideOnMobile: true },
      },
      {
        id: 'users_count',
        header: trans('Users'),
        enableSorting: true,
        cell: ({ row }) => (
          <Link to={`/users?role=${row.original.id}`} className="hover:underline">
            {row.original.users_count}
          </Link>
        ),
      },
      {
        id: 'actions',
        header: () => <span className="sr-only">{trans('Actions')}</span>,
        cell: ({ row }) => (
          <RowActionsMenu
            label={trans('Actions for :name', { name: row.original.name })}
            actions={[
              { id: 'edit', label: trans('Edit'), href: `/roles/${row.original.id}/edit` },
              { id: 'users', label: trans('Users in this role'), href: `/users?role=${row.original.id}` },
              {
                id: 'delete',
                label: trans('Delete'),
                isDanger: true,
                onAction: () =>
                  void bulkDelete({
                    endpoint: 'roles',
                    ids: [row.original.id],
                    texts: DELETE_TEXTS,
                    trans,
                    queryClient,
                  }),
              },
            ]}
          />
        ),
      },
    ],
    [trans, queryClient],
  );
  return (
    <DataTablePage<TAdminRole>
      title={trans('Roles')}
      endpoint="roles"
      columns={columns}
      getRowId={(row) => String(row.id)}
      rowLabel={(row) => row.name}
      searchLabel={trans('Search roles')}
      defaultOrderBy="created_at"
      defaultOrderDir="asc"
      actions={
        <Link to="/roles/new" className={buttonClasses()}>
          {trans('Add role')}
        </Link>
      }
      emptyMessage={trans('No roles yet')}
      bulkDelete={DELETE_TEXTS}
    />
  );
}
