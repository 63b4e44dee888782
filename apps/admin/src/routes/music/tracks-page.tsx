import { useTrans } from '@cadence/app-shell/use-trans';
import type { TAdminTrackRow } from '@cadence/contracts/admin-catalogue';
import type { ColumnDef } from '@tanstack/react-table';
import { useMemo } from 'react';
import { Link } from 'react-router';
import { FilterLink, formatDate, formatPlays } from './catalogue-cells';
import { releaseYearFilter, useGenreFilter, yesNo } from './genre-options';
import { KeysetTablePage } from './keyset-table-page';

/** /admin/tracks: every track, searchable and filterable, sorted by plays, date or name. */
export function TracksPage() {
  const { trans } = useTrans();
  const genre = useGenreFilter(trans('Genre'));
  const columns = useMemo<ColumnDef<TAdminTrackRow>[]>(
    () => [
      {
        id: 'name',
        header: trans('Name'),
        enableSorting: true,
        cell: ({ row }) => (
          <a
            className="font-medium hover:underline"
            href={`/track/${row.original.id}/${encodeURIComponent(row.original.name)}`}
          >
            {row.original.name}
          </a>
        ),
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
      {
        id: 'album',
        header: trans('Album'),
        cell: ({ row }) => row.original.album?.name ?? trans('Single'),
        meta: { hideOnMobile: true },
      },
      {
        id: 'genres',
        header: trans('Genres'),
        cell: ({ row }) => row.original.genres.map((g) => g.display_name ?? g.name).join(', ') || '—',
        meta: { hideOnMobile: true },
      },
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
        id: 'plays',
        header: trans('Plays'),
        enableSorting: true,
        cell: ({ row }) => formatPlays(row.original.plays),
      },
      {
        id: 'visibility',
        header: trans('Visibility'),
        cell: ({ row }) =>
          trans(
            row.original.visibility === 'private'
              ? 'Private'
              : row.original.visibility === 'unlisted'
                ? 'Unlisted'
                : 'Public',
          ),
        meta: { hideOnMobile: true },
      },
      {
        id: 'flags',
        header: trans('Audio / lyrics'),
        cell: ({ row }) =>
          `${row.original.has_audio ? trans('Audio') : trans('No audio')} · ${row.original.has_lyrics ? trans('Lyrics') : trans('No lyrics')}`,
        meta: { hideOnMobile: true },
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
            to={`/tracks/${row.original.id}/edit`}
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
    <KeysetTablePage<TAdminTrackRow>
      title={trans('Tracks')}
      endpoint="admin/tracks"
      deleteTitle="{count, plural, one {Delete # track?} other {Delete # tracks?}}"
      columns={columns}
      getRowId={(row) => String(row.id)}
      rowLabel={(row) => row.name}
      actions={
        <Link
          className="rounded-button bg-primary px-4 py-2 text-sm font-medium text-on-primary"
          to="/tracks/new"
        >
          {trans('New track')}
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
