import { useTrans } from '@cadence/app-shell/use-trans';
import type { TAdminArtistRow } from '@cadence/contracts/admin-catalogue';
import type { ColumnDef } from '@tanstack/react-table';
import { useMemo } from 'react';
import { Link } from 'react-router';
import { FilterLink, formatDate, formatPlays } from './catalogue-cells';
import { useGenreFilter, yesNo } from './genre-options';
import { KeysetTablePage } from './keyset-table-page';

/** /admin/artists: every artist with the accounts that manage it and its catalogue size. */
export function ArtistsPage() {
  const { trans } = useTrans();
  const genre = useGenreFilter(trans('Genre'));
  const columns = useMemo<ColumnDef<TAdminArtistRow>[]>(
    () => [
      {
        id: 'name',
        header: trans('Name'),
        enableSorting: true,
        cell: ({ row }) => (
          <a className="font-medium hover:underline" href={`/artist/${row.original.id}`}>
            {row.original.name}
          </a>
        ),
      },
      {
        id: 'managers',
        header: trans('Managed by'),
        cell: ({ row }) => (
          <span className="flex flex-wrap gap-x-2">
            {row.original.managers.length === 0
              ? '—'
              : row.original.managers.map((user) => (
                  <FilterLink key={user.id} param="owner_id" id={user.id}>
                    {user.name}
                  </FilterLink>
                ))}
          </span>
        ),
      },
      { id: 'albums_count', header: trans('Albums'), cell: ({ row }) => row.original.albums_count },
      { id: 'tracks_count', header: trans('Tracks'), cell: ({ row }) => row.original.tracks_count },
      {
        id: 'status',
        header: trans('Status'),
        cell: ({ row }) =>
          [row.original.verified ? trans('Verified') : null, row.original.disabled ? trans('Disabled') : null]
            .filter(Boolean)
            .join(', ') || '—',
        meta: { hideOnMobile: true },
      },
      {
        id: 'plays',
        header: trans('Plays'),
        enableSorting: true,
        cell: ({ row }) => formatPlays(row.original.plays),
      },
      {
        id: 'date',
        header: trans('Added'),
        enableSorting: true,
        cell: ({ row }) => formatDate(row.original.created_at),
      },
      {
        id: 'edit',
        header: trans('Actions'),
        cell: ({ row }) => (
          <Link
            className="text-primary hover:underline"
            to={`/artists/${row.original.id}/edit`}
            aria-label={trans('Edit :name', { name: row.original.name })}
          >
            {trans('Edit')}
          </Link>
        ),
      },
    ],
    [trans],
  );
  return (
    <KeysetTablePage<TAdminArtistRow>
      title={trans('Artists')}
      endpoint="admin/artists"
      deleteTitle="{count, plural, one {Delete # artist?} other {Delete # artists?}}"
      columns={columns}
      getRowId={(row) => String(row.id)}
      rowLabel={(row) => row.name}
      actions={
        <Link
          className="rounded-button bg-primary px-4 py-2 text-sm font-medium text-on-primary"
          to="/artists/new"
        >
          {trans('New artist')}
        </Link>
      }
      filters={[genre, yesNo('private', trans('Disabled'), trans('Disabled'), trans('Enabled'))]}
      chipLabels={{ owner_id: trans('Manager') }}
    />
  );
}
