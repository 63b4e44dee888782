import { AdminForm, SubmitButton } from '@cadence/admin-kit/admin-form';
import { confirmAction } from '@cadence/admin-kit/confirm-dialog';
import { DataTablePage } from '@cadence/admin-kit/data-table-page';
import { FormTextField } from '@cadence/admin-kit/form-fields';
import { useAdminForm } from '@cadence/admin-kit/use-admin-form';
import { adminListKey } from '@cadence/admin-kit/use-admin-list';
import { toast } from '@cadence/app-shell/toast-store';
import { useTrans } from '@cadence/app-shell/use-trans';
import { type TTag, ZTagCreateSchema, ZTagUpdateSchema } from '@cadence/contracts/tag';
import { apiClient } from '@cadence/http-client/http-client';
import { isHttpError } from '@cadence/http-client/http-error';
import { Button } from '@cadence/ui/button';
import { useQueryClient } from '@tanstack/react-query';
import type { ColumnDef } from '@tanstack/react-table';
import { useMemo } from 'react';
import type { z } from 'zod';
import { openFormDialog } from './form-dialog';

type TTagForm = z.input<typeof ZTagCreateSchema>;

function TagForm({ tag, done }: { tag?: TTag; done: () => void }) {
  const { trans } = useTrans();
  const queryClient = useQueryClient();
  const adminForm = useAdminForm({
    schema: tag ? ZTagUpdateSchema : ZTagCreateSchema,
    defaultValues: {
      name: tag?.name ?? '',
      display_name: tag?.display_name ?? '',
      type: tag?.type ?? 'custom',
    },
    submit: (values) => (tag ? apiClient.put(`tags/${tag.id}`, values) : apiClient.post('tags', values)),
    successMessage: tag ? trans('Tag updated') : trans('Tag created'),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: adminListKey('tags') });
      done();
    },
  });
  return (
    <AdminForm adminForm={adminForm} guard={false}>
      <FormTextField<TTagForm> name="name" label={trans('Name')} isRequired />
      <FormTextField<TTagForm> name="display_name" label={trans('Display name')} />
      <FormTextField<TTagForm> name="type" label={trans('Type')} />
      <SubmitButton />
    </AdminForm>
  );
}

/** /admin/tags: create, rename and delete tags (deleting one in use detaches it everywhere). */
export function TagsPage() {
  const { trans } = useTrans();
  const queryClient = useQueryClient();
  const columns = useMemo<ColumnDef<TTag>[]>(
    () => [
      { id: 'name', header: trans('Name'), enableSorting: true, accessorKey: 'name' },
      {
        id: 'display_name',
        header: trans('Display name'),
        cell: ({ row }) => row.original.display_name ?? '—',
      },
      { id: 'type', header: trans('Type'), enableSorting: true, accessorKey: 'type' },
      {
        id: 'actions',
        header: trans('Actions'),
        cell: ({ row }) => (
          <div className="flex gap-2">
            <Button
              size="sm"
              variant="outline"
              onPress={() =>
                void openFormDialog(trans('Edit tag'), (done) => <TagForm tag={row.original} done={done} />)
              }
            >
              {trans('Edit')}
            </Button>
            <Button
              size="sm"
              variant="outline"
              onPress={async () => {
                const isConfirmed = await confirmAction({
                  title: trans('Delete ":name"?', { name: row.original.name }),
                  body: trans('It is removed from every track, album and artist that has it.'),
                  confirmLabel: trans('Delete'),
                  isDanger: true,
                });
                if (!isConfirmed) return;
                try {
                  await apiClient.delete(`tags/${row.original.id}`);
                  toast.positive(trans('Tag deleted'));
                  await queryClient.invalidateQueries({ queryKey: adminListKey('tags') });
                } catch (error) {
                  toast.danger(
                    isHttpError(error) ? error.message : trans('There was an issue. Please try again later.'),
                  );
                }
              }}
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
    <DataTablePage<TTag>
      title={trans('Tags')}
      endpoint="tags"
      columns={columns}
      getRowId={(row) => String(row.id)}
      defaultOrderBy="name"
      defaultOrderDir="asc"
      emptyMessage={trans('No tags yet')}
      actions={
        <Button onPress={() => void openFormDialog(trans('New tag'), (done) => <TagForm done={done} />)}>
          {trans('New tag')}
        </Button>
      }
    />
  );
}
