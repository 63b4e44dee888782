import { withRouter } from '@cadence/app-shell/test/story-helpers';
import { type TAdminTrackRow, ZAdminTrackRowSchema } from '@cadence/contracts/admin-catalogue';
import type { Meta, StoryObj } from '@storybook/react-vite';
import type { ColumnDef } from '@tanstack/react-table';
import { HttpResponse, http } from 'msw';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { range, storyTrackRow } from '../../test/admin-music-fixtures';
import { keysetHandler, keysetPageStates } from '../../test/admin-story-fixtures';
import { FilterLink, formatPlays } from './catalogue-cells';
import { KeysetTablePage } from './keyset-table-page';

const columns: ColumnDef<TAdminTrackRow>[] = [
  { id: 'name', header: 'Name', enableSorting: true, cell: ({ row }) => row.original.name },
  {
    id: 'owner',
    header: 'Owner',
    cell: ({ row }) =>
      row.original.owner ? (
        <FilterLink param="owner_id" id={row.original.owner.id}>
          {row.original.owner.name}
        </FilterLink>
      ) : (
        '—'
      ),
  },
  { id: 'plays', header: 'Plays', enableSorting: true, cell: ({ row }) => formatPlays(row.original.plays) },
];

function Tracks() {
  return (
    <KeysetTablePage<TAdminTrackRow>
      title="Tracks"
      endpoint="admin/tracks"
      deleteTitle="{count, plural, one {Delete # track?} other {Delete # tracks?}}"
      columns={columns}
      getRowId={(row) => String(row.id)}
      rowLabel={(row) => row.name}
      filters={[]}
      chipLabels={{ owner_id: 'Owner' }}
    />
  );
}

const rows = keysetHandler('admin/tracks', ZAdminTrackRowSchema, () => range(60).map(storyTrackRow));
const deleted = http.post('*/api/v1/admin/tracks', () => HttpResponse.json({ message: 'Deleted 1 track.' }));
const states = keysetPageStates({
  route: '/tracks',
  endpoint: 'admin/tracks',
  rows,
  empty: keysetHandler('admin/tracks', ZAdminTrackRowSchema, () => []),
  rowText: 'Night Drive 2',
});

/**
 * The admin's table over a keyset-paged endpoint (tracks, albums, artists): search, filters,
 * filter chips set from a row (FilterLink), Next/Previous by cursor, bulk delete.
 */
const meta = {
  title: 'Music/KeysetTablePage',
  component: Tracks,
  decorators: [withRouter],
  parameters: { msw: [rows, deleted] },
} satisfies Meta<typeof Tracks>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = states.Default;
export const Empty: Story = states.Empty;
export const FilteredNoResults: Story = states.FilteredNoResults;
export const Loading: Story = states.Loading;
export const LoadError: Story = states.LoadError;

/** A row's owner narrows the table: its chip shows and removes the filter. */
export const FilterChip: Story = {
  parameters: { route: '/tracks', msw: [rows] },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const [owner] = await canvas.findAllByRole('button', { name: 'Ada Lovelace' });
    await userEvent.click(owner!);
    expect(await canvas.findByRole('button', { name: /Owner: #7 \(remove filter\)/ })).toBeTruthy();
  },
};

/** Selecting a row offers the bulk delete, which asks first (focus in the dialog). */
export const BulkDeleteConfirm: Story = {
  parameters: { route: '/tracks', msw: [rows, deleted] },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(await canvas.findByRole('checkbox', { name: 'Select Night Drive 2' }));
    await userEvent.click(canvas.getByRole('button', { name: 'Delete' }));
    const dialog = await within(document.body).findByRole('alertdialog');
    await waitFor(() => expect(dialog.contains(document.activeElement)).toBe(true));
  },
};
