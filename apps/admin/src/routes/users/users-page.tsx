import { DataTablePage } from '@cadence/admin-kit/data-table-page';
import { openDialog } from '@cadence/app-shell/modal-store';
import { useTrans } from '@cadence/app-shell/use-trans';
import type { TAdminUserListItem } from '@cadence/contracts/admin-users';
import { Button } from '@cadence/ui/button';
import type { ColumnDef } from '@tanstack/react-table';
import { useMemo } from 'react';
import { Link, useNavigate } from 'react-router';
import { CreateUserDialog } from './create-user-dialog';
import { useAllRoles } from './use-roles';

const date = (iso: string) => new Date(iso).toLocaleDateString();

function Avatar({ user }: { user: TAdminUserListItem }) {
  return user.image ? (
    <img src={user.image} alt="" className="size-8 shrink-0 rounded-full object-cover" />
  ) : (
    <span
      aria-hidden
      className="flex size-8 shrink-0 items-center justify-center rounded-full bg-primary/15 text-sm font-medium text-primary"
    >
      {(user.name || user.email).slice(0, 1).toUpperCase()}
    </span>
  );
}

/** /admin/users (spec 2.12): search, filters in the address, add, bulk delete. */
export function UsersPage() {
  const { trans } = useTrans();
  const navigate = useNavigate();
  const roles = useAllRoles();
  const yesNo = [
    { value: '1', label: trans('Yes') },
    { value: '0', label: trans('No') },
  ];
  const columns = useMemo<ColumnDef<TAdminUserListItem>[]>(
    () => [
      {
        id: 'email',
        header: trans('User'),
        enableSorting: true,
        cell: ({ row }) => (
          <Link
            to={`/users/${row.original.id}`}
            className="flex min-w-0 items-center gap-2 rounded outline-none focus-visible:ring-2 focus-visible:ring-primary"
          >
            <Avatar user={row.original} />
            <span className="min-w-0">
              <span className="block truncate font-medium">{row.original.name}</span>
              <span className="block truncate text-xs text-muted">{row.original.email}</span>
            </span>
          </Link>
        ),
      },
      {
        id: 'roles',
        header: trans('Roles'),
        cell: ({ row }) => row.original.roles.map((role) => role.name).join(', ') || '—',
        meta: { hideOnMobile: true },
      },
      {
        id: 'email_verified_at',
        header: trans('Verified'),
        enableSorting: true,
        cell: ({ row }) => (row.original.email_verified_at ? trans('Yes') : trans('No')),
        meta: { hideOnMobile: true },
      },
      {
        id: 'banned_at',
        header: trans('Status'),
        enableSorting: true,
        cell: ({ row }) =>
          row.original.banned_at ? (
            <span className="rounded bg-danger/10 px-2 py-0.5 text-xs font-medium text-danger">
              {trans('Suspended')}
            </span>
          ) : (
            <span className="text-xs text-muted">{trans('Active')}</span>
          ),
      },
      {
        id: 'created_at',
        header: trans('Created'),
        enableSorting: true,
        cell: ({ row }) => date(row.original.created_at),
        meta: { hideOnMobile: true, className: 'whitespace-nowrap' },
      },
    ],
    [trans],
  );

  async function addUser() {
    const id = await openDialog<number>((close) => <CreateUserDialog close={close} />);
    if (id) navigate(`/users/${id}`);
  }

  return (
    <DataTablePage<TAdminUserListItem>
      title={trans('Users')}
      endpoint="users"
      columns={columns}
      getRowId={(row) => String(row.id)}
      rowLabel={(row) => row.email}
      searchLabel={trans('Search users')}
      defaultOrderBy="created_at"
      filters={[
        {
          key: 'role',
          label: trans('Role'),
          options: (roles.data ?? []).map((role) => ({ value: String(role.id), label: role.name })),
        },
        { key: 'banned', label: trans('Suspended'), options: yesNo },
        { key: 'email_verified', label: trans('Email verified'), options: yesNo },
        { key: 'subscribed', label: trans('Subscribed'), options: yesNo },
      ]}
      actions={<Button onPress={() => void addUser()}>{trans('Add user')}</Button>}
      emptyMessage={trans('No users yet')}
      emptyAction={<Button onPress={() => void addUser()}>{trans('Add user')}</Button>}
      bulkDelete={{
        title: '{count, plural, one {Delete # user?} other {Delete # users?}}',
        body: 'Their accounts, sessions and tokens are removed for good.',
        confirm: 'Delete',
        done: '{count, plural, one {Deleted # user} other {Deleted # users}}',
      }}
    />
  );
}
