import { fixture, withRouter } from '@cadence/app-shell/test/story-helpers';
import { type TAdminUserListItem, ZAdminUserListItemSchema } from '@cadence/contracts/admin-users';
import { paginationSchema } from '@cadence/contracts/pagination';
import type { Meta, StoryObj } from '@storybook/react-vite';
import type { ColumnDef } from '@tanstack/react-table';
import { delay, HttpResponse, http } from 'msw';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { DataTablePage, type DataTablePageProps } from './data-table-page';

const ZUsersPageSchema = paginationSchema(ZAdminUserListItemSchema);

const NAMES = ['Ada Lovelace', 'Grace Hopper', 'Alan Turing', 'Katherine Johnson', 'Edsger Dijkstra'];
const LONG_NAME =
  'Maximiliane Theodora Wilhelmina von Hohenzollern-Sigmaringen-Habsburg-Lothringen the Third';

function user(index: number): TAdminUserListItem {
  const name = index === 2 ? LONG_NAME : `${NAMES[index % NAMES.length]} ${index + 1}`;
  return {
    id: index + 1,
    name,
    email: `${name.split(' ')[0]!.toLowerCase()}.${index + 1}@example.com`,
    image: null,
    email_verified_at: index % 3 === 0 ? null : '2026-01-02T10:00:00.000Z',
    banned_at: index % 7 === 4 ? '2026-03-01T10:00:00.000Z' : null,
    created_at: new Date(Date.UTC(2026, 0, 1 + index)).toISOString(),
    roles: index === 0 ? [{ id: 1, name: 'Admin' }] : [{ id: 2, name: 'Listener' }],
  };
}

/** `GET api/v1/users` answered from `count` users, sorted and paged the way the api does. */
function usersList(count: number) {
  return http.get('*/api/v1/users', ({ request }) => {
    const all = fixture(
      ZAdminUserListItemSchema.array(),
      Array.from({ length: count }, (_, index) => user(index)),
    );
    const params = new URL(request.url).searchParams;
    const perPage = Number(params.get('perPage') ?? 15);
    const page = Number(params.get('page') ?? 1);
    const orderBy = params.get('orderBy') as keyof TAdminUserListItem | null;
    const query = params.get('query')?.toLowerCase() ?? '';
    let rows = all.filter((row) => row.name.toLowerCase().includes(query));
    if (orderBy === 'email' || orderBy === 'created_at') {
      rows = [...rows].sort((a, b) => a[orderBy].localeCompare(b[orderBy]));
      if (params.get('orderDir') === 'desc') rows.reverse();
    }
    return HttpResponse.json(
      fixture(ZUsersPageSchema, {
        pagination: {
          data: rows.slice((page - 1) * perPage, page * perPage),
          current_page: page,
          per_page: perPage,
          total: rows.length,
          last_page: Math.max(1, Math.ceil(rows.length / perPage)),
        },
      }),
    );
  });
}

const columns: ColumnDef<TAdminUserListItem>[] = [
  {
    id: 'email',
    accessorKey: 'email',
    header: 'User',
    enableSorting: true,
    cell: ({ row }) => (
      <span className="block min-w-0">
        <span className="block max-w-80 truncate font-medium">{row.original.name}</span>
        <span className="block truncate text-xs text-muted">{row.original.email}</span>
      </span>
    ),
  },
  {
    id: 'roles',
    header: 'Roles',
    cell: ({ row }) => row.original.roles.map((role) => role.name).join(', '),
    meta: { hideOnMobile: true },
  },
  {
    id: 'created_at',
    accessorKey: 'created_at',
    header: 'Created',
    enableSorting: true,
    cell: ({ row }) => row.original.created_at.slice(0, 10),
  },
];

function UsersTable(props: Partial<DataTablePageProps<TAdminUserListItem>>) {
  return (
    <DataTablePage<TAdminUserListItem>
      title="Users"
      endpoint="users"
      columns={columns}
      getRowId={(row) => String(row.id)}
      rowLabel={(row) => row.name}
      searchLabel="Search users"
      filters={[
        {
          key: 'banned',
          label: 'Suspended',
          options: [
            { value: '1', label: 'Yes' },
            { value: '0', label: 'No' },
          ],
        },
      ]}
      emptyMessage="No users yet"
      bulkDelete={{
        title: '{count, plural, one {Delete # user?} other {Delete # users?}}',
        body: 'Their uploads and playlists are deleted too.',
        confirm: 'Delete',
        done: '{count, plural, one {Deleted # user} other {Deleted # users}}',
      }}
      {...props}
    />
  );
}

/**
 * The admin's list page (packages/admin-kit/README.md): search, filters, sortable headers,
 * selection with bulk actions, pagination, all kept in the address; loading, empty and error
 * states. Its rows come from `GET api/v1/users`, answered here with contract-checked fixtures.
 */
const meta = {
  title: 'DataTablePage',
  component: UsersTable,
  decorators: [withRouter],
  parameters: { route: '/users', msw: [usersList(40)] },
} satisfies Meta<typeof UsersTable>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await canvas.findByRole('table', { name: 'Users' });
    expect(canvas.getByTestId('page-range').textContent).toBe('1 - 15 of 40');
  },
};

/** A sortable header is a button; its column says how the list is sorted (aria-sort). */
export const Sorting: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await canvas.findByRole('table', { name: 'Users' });
    const header = canvas.getByRole('columnheader', { name: 'Created' });
    expect(header.getAttribute('aria-sort')).toBe('none');
    await userEvent.click(within(header).getByRole('button', { name: 'Created' }));
    await waitFor(() => expect(header.getAttribute('aria-sort')).toBe('descending'));
    await waitFor(() => expect(canvas.getAllByRole('row')[1]?.textContent).toContain('2026-02-09'));
    await userEvent.click(within(header).getByRole('button', { name: 'Created' }));
    await waitFor(() => expect(header.getAttribute('aria-sort')).toBe('ascending'));
  },
};

/** Selecting rows shows the bulk actions with the count; the header box selects the whole page. */
export const Selection: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(await canvas.findByRole('checkbox', { name: 'Select Grace Hopper 2' }));
    expect((await canvas.findByTestId('bulk-actions')).textContent).toContain('1 selected');
    await userEvent.click(canvas.getByRole('checkbox', { name: 'Select all rows on this page' }));
    expect(canvas.getByTestId('bulk-actions').textContent).toContain('15 selected');
  },
};

export const Pagination: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await canvas.findByRole('table', { name: 'Users' });
    const pagination = canvas.getByRole('navigation', { name: 'Pagination' });
    expect(within(pagination).getByRole('button', { name: 'Previous' }).hasAttribute('disabled')).toBe(true);
    await userEvent.click(within(pagination).getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(canvas.getByTestId('page-range').textContent).toBe('16 - 30 of 40'));
    expect(pagination.textContent).toContain('2 of 3');
  },
};

/** A long list: 100 rows on one page. */
export const ManyRows: Story = {
  parameters: { route: '/users?perPage=100', msw: [usersList(250)] },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await canvas.findByRole('table', { name: 'Users' });
    expect(canvas.getAllByRole('row')).toHaveLength(101);
  },
};

/** The first load: nothing to show yet. */
export const Loading: Story = {
  parameters: { msw: [http.get('*/api/v1/users', () => delay('infinite'))] },
  play: async ({ canvasElement }) => {
    await within(canvasElement).findByTestId('table-loading');
  },
};

/** Nothing in the list yet. */
export const Empty: Story = {
  parameters: { msw: [usersList(0)] },
  play: async ({ canvasElement }) => {
    await within(canvasElement).findByText('No users yet');
  },
};

/** A search that matched nothing offers a way back. */
export const EmptySearch: Story = {
  parameters: { route: '/users?query=nobody' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await canvas.findByText('No results for these filters');
    expect(canvas.getByRole('button', { name: 'Clear filters' })).toBeTruthy();
  },
};

/** The api failed: the error says so and offers a retry. */
export const LoadError: Story = {
  parameters: {
    msw: [http.get('*/api/v1/users', () => HttpResponse.json({ message: 'Server Error' }, { status: 500 }))],
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    expect((await canvas.findByRole('alert')).textContent).toContain('Could not load this list.');
    expect(canvas.getByRole('button', { name: 'Try again' })).toBeTruthy();
  },
};
