import { AdminForm, SubmitButton } from '@cadence/admin-kit/admin-form';
import { confirmAction } from '@cadence/admin-kit/confirm-dialog';
import { DataTablePage } from '@cadence/admin-kit/data-table-page';
import { FormSelect, FormTextField } from '@cadence/admin-kit/form-fields';
import { useAdminForm } from '@cadence/admin-kit/use-admin-form';
import { adminListKey } from '@cadence/admin-kit/use-admin-list';
import { toast } from '@cadence/app-shell/toast-store';
import { useTrans } from '@cadence/app-shell/use-trans';
import { type TGenreMerge, ZGenreMergeSchema } from '@cadence/contracts/admin-content';
import { type TGenre, ZGenreCreateSchema, ZGenreUpdateSchema } from '@cadence/contracts/genre';
import { apiClient } from '@cadence/http-client/http-client';
import { isHttpError } from '@cadence/http-client/http-error';
import { Button } from '@cadence/ui/button';
import { type QueryClient, useQueryClient } from '@tanstack/react-query';
import type { ColumnDef } from '@tanstack/react-table';
import { useMemo } from 'react';
import { z } from 'zod';
import { openFormDialog } from './form-dialog';

/** The contract's schemas, with popularity typed into a text box (a number once parsed). */
const popularity = z.coerce.number().int().min(0).max(1_000_000_000).optional();
const ZCreateForm = ZGenreCreateSchema.extend({ popularity });
const ZUpdateForm = ZGenreUpdateSchema.extend({ popularity });
type TGenreForm = z.input<typeof ZCreateForm>;

function GenreForm({ genre, done }: { genre?: TGenre; done: () => void }) {
  const { trans } = useTrans();
  const queryClient = useQueryClient();
  const adminForm = useAdminForm({
    schema: genre ? ZUpdateForm : ZCreateForm,
    defaultValues: {
      name: genre?.name ?? '',
      display_name: genre?.display_name ?? '',
      image: genre?.image ?? '',
      popularity: genre?.popularity ?? 0,
    },
    submit: (values) =>
      genre
        ? apiClient.put(`genres/${encodeURIComponent(genre.name)}`, values)
        : apiClient.post('genres', values),
    successMessage: genre ? trans('Genre updated') : trans('Genre created'),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: adminListKey('genres') });
      done();
    },
  });
  return (
    <AdminForm adminForm={adminForm} guard={false}>
      <FormTextField<TGenreForm> name="name" label={trans('Name')} isRequired />
      <FormTextField<TGenreForm> name="display_name" label={trans('Display name')} />
      <FormTextField<TGenreForm> name="image" label={trans('Image URL')} />
      <FormTextField<TGenreForm> name="popularity" label={trans('Popularity')} type="number" />
      <SubmitButton />
    </AdminForm>
  );
}

function MergeForm({ from, genres, done }: { from: TGenre; genres: TGenre[]; done: () => void }) {
  const { trans } = useTrans();
  const queryClient = useQueryClient();
  const adminForm = useAdminForm({
    schema: ZGenreMergeSchema,
    defaultValues: { from: from.name, into: '' },
    submit: (values) => apiClient.post('genres/merge', values),
    successMessage: trans('Genres merged'),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: adminListKey('genres') });
      done();
    },
  });
  return (
    <AdminForm adminForm={adminForm} guard={false}>
      <p className="text-sm text-muted">
        {trans('Everything filed under ":name" moves to the genre you choose, then ":name" is deleted.', {
          name: from.display_name ?? from.name,
        })}
      </p>
      <FormSelect<TGenreMerge>
        name="into"
        label={trans('Merge into')}
        options={genres
          .filter((genre) => genre.id !== from.id)
          .map((genre) => ({ value: genre.name, label: genre.display_name ?? genre.name }))}
      />
      <SubmitButton>{trans('Merge')}</SubmitButton>
    </AdminForm>
  );
}

async function removeGenre(
  genre: TGenre,
  trans: ReturnType<typeof useTrans>['trans'],
  queryClient: QueryClient,
) {
  const isConfirmed = await confirmAction({
    title: trans('Delete ":name"?', { name: genre.display_name ?? genre.name }),
    body: trans('Tracks, albums and artists filed under it keep everything else; only the genre goes.'),
    confirmLabel: trans('Delete'),
    isDanger: true,
  });
  if (!isConfirmed) return;
  try {
    await apiClient.delete(`genres/${genre.id}`);
    toast.positive(trans('Genre deleted'));
    await queryClient.invalidateQueries({ queryKey: adminListKey('genres') });
  } catch (error) {
    toast.danger(isHttpError(error) ? error.message : trans('There was an issue. Please try again later.'));
  }
}

/** /admin/genres: name, display name, image and popularity; merge two genres; delete detaches. */
export function GenresPage() {
  const { trans } = useTrans();
  const queryClient = useQueryClient();
  const columns = useMemo<ColumnDef<TGenre>[]>(
    () => [
      { id: 'name', header: trans('Name'), enableSorting: true, accessorKey: 'name' },
      {
        id: 'display_name',
        header: trans('Display name'),
        cell: ({ row }) => row.original.display_name ?? '—',
      },
      { id: 'popularity', header: trans('Popularity'), enableSorting: true, accessorKey: 'popularity' },
      {
        id: 'actions',
        header: trans('Actions'),
        cell: ({ row, table }) => (
          <div className="flex flex-wrap gap-2">
            <Button
              size="sm"
              variant="outline"
              onPress={() =>
                void openFormDialog(trans('Edit genre'), (done) => (
                  <GenreForm genre={row.original} done={done} />
                ))
              }
            >
              {trans('Edit')}
            </Button>
            <Button
              size="sm"
              variant="outline"
              onPress={() =>
                void openFormDialog(trans('Merge genre'), (done) => (
                  <MergeForm
                    from={row.original}
                    genres={table.getCoreRowModel().rows.map((r) => r.original)}
                    done={done}
                  />
                ))
              }
            >
              {trans('Merge')}
            </Button>
            <Button
              size="sm"
              variant="outline"
              onPress={() => void removeGenre(row.original, trans, queryClient)}
            >
              {trans('Delete')}
            </Button>
          </div>
        ),
      },
    ],
    [trans, queryClient],
  );
  return (
    <DataTablePage<TGenre>
      title={trans('Genres')}
      endpoint="genres"
      columns={columns}
      getRowId={(row) => String(row.id)}
      defaultOrderBy="popularity"
      emptyMessage={trans('No genres yet')}
      actions={
        <Button onPress={() => void openFormDialog(trans('New genre'), (done) => <GenreForm done={done} />)}>
          {trans('New genre')}
        </Button>
      }
    />
  );
}
