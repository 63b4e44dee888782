import type { ColumnDef } from '@tanstack/react-table';
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderRoutes, stubApi, type TCall } from '../test/render';
import { DataTablePage } from './data-table-page';

type TThing = { id: number; name: string };
const columns: ColumnDef<TThing, unknown>[] = [
  { id: 'name', accessorKey: 'name', header: 'Name', enableSorting: true },
  { id: 'id', accessorKey: 'id', header: 'Id' },
];

function Page() {
  return (
    <DataTablePage<TThing>
      title="Things"
      endpoint="things"
      columns={columns}
      getRowId={(row) => String(row.id)}
      rowLabel={(row) => row.name}
      filters={[{ key: 'kind', label: 'Kind', options: [{ value: 'a', label: 'A' }] }]}
      defaultOrderBy="created_at"
      emptyMessage="No things yet"
      bulkDelete={{
        title: '{count, plural, one {Delete # thing?} other {Delete # things?}}',
        body: 'Gone for good.',
        confirm: 'Delete',
        done: '{count, plural, one {Deleted # thing} other {Deleted # things}}',
      }}
    />
  );
}
const routes = [{ path: 'things', element: <Page /> }];
const things = (count: number, page = 1) => ({
  pagination: {
    data: Array.from({ length: count }, (_, i) => ({ id: i + 1, name: `<b>thing ${i + 1}</b>` })),
    current_page: page,
    per_page: 15,
    total: count === 0 ? 0 : 40,
    last_page: count === 0 ? 1 : 3,
  },
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const lists = (calls: TCall[]) =>
  calls.filter((call) => call.method === 'GET' && call.url.pathname === '/api/v1/things');

describe('DataTablePage', () => {
  it('sends the address state to the api and keeps sort, page and filters in the address', async () => {
    const calls = stubApi(() => ({ body: things(3) }));
    const router = await renderRoutes(routes, '/things?query=th&kind=a&page=2');
    const table = await screen.findByRole('table', { name: 'Things' });
    expect(Object.fromEntries(lists(calls)[0]?.url.searchParams ?? [])).toMatchObject({
      page: '2',
      perPage: '15',
      query: 'th',
      kind: 'a',
      orderBy: 'created_at',
      orderDir: 'desc',
    });
    // Names are text, never markup.
    expect(within(table).getByText('<b>thing 1</b>')).toBeTruthy();
    expect((screen.getByRole('searchbox', { name: 'Search' }) as HTMLInputElement).value).toBe('th');
    expect((screen.getByLabelText('Kind') as HTMLSelectElement).value).toBe('a');

    const nameHeader = screen.getByRole('columnheader', { name: /Name/ });
    expect(nameHeader.getAttribute('aria-sort')).toBe('none');
    expect(screen.getByRole('columnheader', { name: 'Id' }).hasAttribute('aria-sort')).toBe(false);
    await act(async () => fireEvent.click(within(nameHeader).getByRole('button')));
    expect(router.state.location.search).toBe('?query=th&kind=a&orderBy=name&orderDir=desc');
    await waitFor(() =>
      expect(screen.getByRole('columnheader', { name: /Name/ }).getAttribute('aria-sort')).toBe('descending'),
    );
    await act(async () =>
      fireEvent.click(within(screen.getByRole('columnheader', { name: /Name/ })).getByRole('button')),
    );
    expect(router.state.location.search).toContain('orderDir=asc');

    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Next' })));
    expect(router.state.location.search).toContain('page=2');
    await act(async () => fireEvent.change(screen.getByLabelText('Kind'), { target: { value: '' } }));
    expect(router.state.location.search).not.toContain('kind=');
    expect(router.state.location.search).not.toContain('page=');
  });

  it('shows a capped total as "more than" and pages on past the last page it knows', async () => {
    const capped = (page: number, isCapped: boolean) => ({
      pagination: {
        ...things(15, page).pagination,
        total: isCapped ? 10_000 : 10_020,
        last_page: isCapped ? 667 : 668,
        total_capped: isCapped,
      },
    });
    const calls = stubApi((call) => {
      const page = Number(call.url.searchParams.get('page') ?? 1);
      return { body: capped(page, page < 668) };
    });
    const router = await renderRoutes(routes, '/things?page=667');
    await screen.findByRole('table', { name: 'Things' });
    expect(screen.getByTestId('page-range').textContent).toBe('9,991 - 10,005 of more than 10,000');
    expect(screen.getByTestId('page-number').textContent).toBe('Page 667');
    const next = screen.getByRole('button', { name: 'Next' });
    expect(next.hasAttribute('disabled') || next.getAttribute('aria-disabled') === 'true').toBe(false);
    await act(async () => fireEvent.click(next));
    expect(router.state.location.search).toContain('page=668');
    await waitFor(() =>
      expect(screen.getByTestId('page-range').textContent).toBe('10,006 - 10,020 of 10,020'),
    );
    expect(screen.getByTestId('page-number').textContent).toBe('668 of 668');
    const last = screen.getByRole('button', { name: 'Next' });
    expect(last.hasAttribute('disabled') || last.getAttribute('aria-disabled') === 'true').toBe(true);
    expect(lists(calls).map((call) => call.url.searchParams.get('page'))).toEqual(['667', '668']);
  });

  it('pages Next by the cursor the api offers, and Previous by number', async () => {
    const calls = stubApi((call) => {
      const page = Number(call.url.searchParams.get('page') ?? 1);
      return { body: { pagination: { ...things(15, page).pagination, next_cursor: `after-${page}` } } };
    });
    const router = await renderRoutes(routes, '/things?page=2');
    await screen.findByRole('table', { name: 'Things' });
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Next' })));
    expect(router.state.location.search).toBe('?page=3&after=after-2');
    await waitFor(() => expect(lists(calls)).toHaveLength(2));
    expect(lists(calls)[1]?.url.searchParams.get('after')).toBe('after-2');
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Previous' })));
    expect(router.state.location.search).toBe('?page=2');
  });

  it('debounces the search into the address, replacing the history entry', async () => {
    stubApi(() => ({ body: things(3) }));
    const router = await renderRoutes(routes, '/things');
    await screen.findByRole('table');
    fireEvent.change(screen.getByRole('searchbox', { name: 'Search' }), { target: { value: 'ann' } });
    expect(router.state.location.search).toBe('');
    await waitFor(() => expect(router.state.location.search).toBe('?query=ann'));
    expect(router.state.historyAction).toBe('REPLACE');
  });

  it('selects rows and bulk deletes them after a confirmation naming the count', async () => {
    const calls = stubApi((call) =>
      call.method === 'DELETE' ? { body: { message: 'Deleted', deleted: 2 } } : { body: things(3) },
    );
    await renderRoutes(routes, '/things');
    await screen.findByRole('table');
    fireEvent.click(screen.getByRole('checkbox', { name: 'Select <b>thing 1</b>' }));
    fireEvent.click(screen.getByRole('checkbox', { name: 'Select <b>thing 3</b>' }));
    const all = screen.getByRole('checkbox', { name: 'Select all rows on this page' }) as HTMLInputElement;
    expect(all.indeterminate).toBe(true);
    expect(screen.getByTestId('bulk-actions').textContent).toContain('2 selected');

    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Delete' })));
    const dialog = await screen.findByRole('alertdialog');
    expect(dialog.textContent).toContain('Delete 2 things?');
    // Cancel changes nothing.
    await act(async () => fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' })));
    expect(calls.some((call) => call.method === 'DELETE')).toBe(false);

    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Delete' })));
    await act(async () =>
      fireEvent.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Delete' })),
    );
    await waitFor(() => expect(calls.some((call) => call.method === 'DELETE')).toBe(true));
    const deleted = calls.find((call) => call.method === 'DELETE');
    expect(deleted?.url.pathname).toBe('/api/v1/things');
    expect(deleted?.body).toEqual({ ids: [1, 3] });
    expect(await screen.findByText('Deleted 2 things')).toBeTruthy();
    await waitFor(() => expect(screen.queryByTestId('bulk-actions')).toBeNull());
    expect(lists(calls).length).toBeGreaterThan(1);
  });

  it('clears the selection when a bulk action is done, not after the list has reloaded', async () => {
    // The reload after the delete is held back: the refreshed rows must never show the old
    // selection (a click on a row's checkbox then would uncheck it, and the late clear hide the bar).
    let releaseReload = () => {};
    const reload = new Promise<void>((resolve) => {
      releaseReload = resolve;
    });
    let hasDeleted = false;
    stubApi(async (call) => {
      if (call.method === 'DELETE') {
        hasDeleted = true;
        return { body: { message: 'Deleted', deleted: 1 } };
      }
      if (hasDeleted) await reload;
      return { body: things(3) };
    });
    await renderRoutes(routes, '/things');
    await screen.findByRole('table');
    fireEvent.click(screen.getByRole('checkbox', { name: 'Select <b>thing 2</b>' }));
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Delete' })));
    await act(async () =>
      fireEvent.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Delete' })),
    );
    expect(await screen.findByText('Deleted 1 thing')).toBeTruthy();
    await waitFor(() => expect(screen.queryByTestId('bulk-actions')).toBeNull());
    expect(
      (screen.getByRole('checkbox', { name: 'Select <b>thing 2</b>' }) as HTMLInputElement).checked,
    ).toBe(false);
    await act(async () => releaseReload());
  });

  it('words the confirmation for one row in the singular', async () => {
    stubApi(() => ({ body: things(3) }));
    await renderRoutes(routes, '/things');
    await screen.findByRole('table');
    fireEvent.click(screen.getByRole('checkbox', { name: 'Select <b>thing 2</b>' }));
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Delete' })));
    const dialog = await screen.findByRole('alertdialog');
    expect(dialog.textContent).toContain('Delete 1 thing?');
    await act(async () => fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' })));
  });

  it('tells "nothing yet" from "no results for these filters", and clears the filters', async () => {
    stubApi(() => ({ body: things(0) }));
    await renderRoutes(routes, '/things');
    expect(await screen.findByText('No things yet')).toBeTruthy();
    cleanup();
    const router = await renderRoutes(routes, '/things?kind=a&query=zz');
    expect(await screen.findByText('No results for these filters')).toBeTruthy();
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Clear filters' })));
    expect(router.state.location.search).toBe('');
  });

  it('shows an error with a retry', async () => {
    let fail = true;
    stubApi(() => (fail ? { status: 500, body: { message: 'boom' } } : { body: things(2) }));
    await renderRoutes(routes, '/things');
    const alert = await screen.findByTestId('table-error', {}, { timeout: 5000 });
    fail = false;
    await act(async () => fireEvent.click(within(alert).getByRole('button', { name: 'Try again' })));
    expect(await screen.findByRole('table')).toBeTruthy();
  });
});
