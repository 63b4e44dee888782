import { useTrans } from '@cadence/app-shell/use-trans';
import type { TAdminAlbumRow } from '@cadence/contracts/admin-catalogue';
import type { ColumnDef } from '@tanstack/react-table';
import { useMemo } from 'react';
import { Link } from 'react-router';
import { FilterLink, formatDate, formatPlays } from './catalogue-cells';
import { releaseYearFilter, useGenreFilter, yesNo } from './genre-options';
import { KeysetTablePage } from './keyset-table-page';

/** /admin/albums: every album with its artists, owner, genres and track count. */
export function AlbumsPage() {
  const { trans } = useTrans();
  const genre = useGenreFilter(trans('Genre'));
  const columns = useMemo<ColumnDef<TAdminAlbumRow>[]>(
    () => [
      {
        id: 'name',
        header: trans('Name'),
        enableSorting: true,
        cell: ({ row }) => <span className="font-medium">{row.original.name}</span>,
      },
      {
        id: 'artists',
        header: trans('Artists'),
        cell: ({ row }) => (
          <span className="flex flex-wrap gap-x-2">
            {row.original.artists.map((artist) => (
              <FilterLink key={artist.id} param="artist_id" id={artist.id}>
                {artist.name}
              </FilterLink>
            ))}
          </span>
        ),
      },
      { id: 'tracks_count', header: trans('Tracks'), cell: ({ row }) => row.original.tracks_count },
      {
        id: 'owner',
        header: trans('Owner'),
        cell: ({ row }) =>
          row.original.owner ? (
            <FilterLink param="owner_id" id={row.original.owner.id}>
              {row.original.owner.name}
            </FilterLink>
          ) : (
            '—'
          ),
        meta: { hideOnMobile: true },
      },
      {
        id: 'release',
        header: trans('Released'),
        cell: ({ row }) => row.original.release_date ?? '—',
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
            to={`/albums/${row.original.id}/edit`}
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
    <KeysetTablePage<TAdminAlbumRow>
      title={trans('Albums')}
      endpoint="admin/albums"
      deleteTitle="{count, plural, one {Delete # album?} other {Delete # albums?}}"
      columns={columns}
      getRowId={(row) => String(row.id)}
      rowLabel={(row) => row.name}
      actions={
        <Link
          className="rounded-button bg-primary px-4 py-2 text-sm font-medium text-on-primary"
          to="/albums/new"
        >
          {trans('New album')}
        </Link>
      }
      filters={[
        genre,
        releaseYearFilter(trans('Release year')),
        yesNo('has_audio', trans('Audio'), trans('Has audio'), trans('No audio')),
        yesNo('has_lyrics', trans('Lyrics'), trans('Has lyrics'), trans('No lyrics')),
        yesNo('private', trans('Private'), trans('Private'), trans('Not private')),
      ]}
      chipLabels={{ artist_id: trans('Artist'), owner_id: trans('Owner') }}
    />
  );
}
