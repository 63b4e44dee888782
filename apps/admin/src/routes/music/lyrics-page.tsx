import { AdminForm, SubmitButton } from '@cadence/admin-kit/admin-form';
import { DataTablePage } from '@cadence/admin-kit/data-table-page';
import { FormCheckbox, FormTextarea } from '@cadence/admin-kit/form-fields';
import { useAdminForm } from '@cadence/admin-kit/use-admin-form';
import { adminListKey } from '@cadence/admin-kit/use-admin-list';
import { useTrans } from '@cadence/app-shell/use-trans';
import type { TAdminLyricsRow } from '@cadence/contracts/admin-content';
import { type TTrackLyricsResponse, ZLyricsUpsertSchema } from '@cadence/contracts/lyrics';
import { apiClient } from '@cadence/http-client/http-client';
import { Button } from '@cadence/ui/button';
import { Spinner } from '@cadence/ui/spinner';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { ColumnDef } from '@tanstack/react-table';
import { useEffect, useMemo } from 'react';
import type { z } from 'zod';
import { formatDate } from './catalogue-cells';
import { openFormDialog } from './form-dialog';
import { runRowAction } from './run-action';

const ENDPOINT = 'admin/lyrics';
type TLyricsForm = z.input<typeof ZLyricsUpsertSchema>;

/**
 * The LRC editor: plain text, or synced lines `[mm:ss.xx] words`. The api names the line of a
 * bad timestamp; the messages show under the text.
 */
function LyricsForm({ trackId, done }: { trackId: number; done: () => void }) {
  const { trans } = useTrans();
  const queryClient = useQueryClient();
  const current = useQuery({
    queryKey: ['admin-lyrics', trackId],
    queryFn: ({ signal }) => apiClient.get<TTrackLyricsResponse>(`tracks/${trackId}/lyrics`, { signal }),
  });
  const adminForm = useAdminForm({
    schema: ZLyricsUpsertSchema,
    defaultValues: { text: '', synced: false },
    submit: (values) => apiClient.put(`tracks/${trackId}/lyrics`, values),
    successMessage: trans('Lyrics saved'),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: adminListKey(ENDPOINT) });
      void queryClient.invalidateQueries({ queryKey: ['admin-lyrics', trackId] });
      done();
    },
  });
  const lyrics = current.data?.lyrics;
  const { reset } = adminForm.form;
  useEffect(() => {
    if (lyrics) reset({ text: lyrics.text, synced: lyrics.synced });
  }, [lyrics, reset]);
  if (current.isPending) return <Spinner />;
  return (
    <AdminForm adminForm={adminForm} guard={false}>
      <FormTextarea<TLyricsForm>
        name="text"
        label={trans('Lyrics')}
        rows={14}
        description={trans('For synced lyrics start each line with its time, like [01:23.45].')}
        isRequired
      />
      <FormCheckbox<TLyricsForm> name="synced" label={trans('Synced (LRC)')} />
      <SubmitButton />
    </AdminForm>
  );
}

/** /admin/lyrics: every track with lyrics, plain or synced; edit with the LRC editor; delete. */
export function LyricsPage() {
  const { trans } = useTrans();
  const queryClient = useQueryClient();
  const columns = useMemo<ColumnDef<TAdminLyricsRow>[]>(
    () => [
      {
        id: 'track',
        header: trans('Track'),
        cell: ({ row }) => <span className="font-medium">{row.original.track.name}</span>,
      },
      {
        id: 'artists',
        header: trans('Artists'),
        cell: ({ row }) => row.original.artists.map((a) => a.name).join(', ') || '—',
      },
      {
        id: 'synced',
        header: trans('Kind'),
        cell: ({ row }) => (row.original.synced ? trans('Synced') : trans('Plain')),
      },
      {
        id: 'excerpt',
        header: trans('Excerpt'),
        cell: ({ row }) => <span className="line-clamp-2 max-w-80 text-muted">{row.original.excerpt}</span>,
        meta: { hideOnMobile: true },
      },
      {
        id: 'updated',
        header: trans('Updated'),
        cell: ({ row }) => formatDate(row.original.updated_at),
        meta: { hideOnMobile: true },
      },
      {
        id: 'actions',
        header: trans('Actions'),
        cell: ({ row }) => (
          <div className="flex gap-2">
            <Button
              size="sm"
              variant="outline"
              onPress={() =>
                void openFormDialog(trans('Lyrics of ":name"', { name: row.original.track.name }), (done) => (
                  <LyricsForm trackId={row.original.track.id} done={done} />
                ))
              }
            >
              {trans('Edit')}
            </Button>
            <Button
              size="sm"
              variant="outline"
              onPress={() =>
                void runRowAction({
                  endpoint: ENDPOINT,
                  queryClient,
                  failed: trans('There was an issue. Please try again later.'),
                  call: () => apiClient.delete(`tracks/${row.original.track.id}/lyrics`),
                  done: trans('Lyrics deleted'),
                  confirm: {
                    title: trans('Delete the lyrics of ":name"?', { name: row.original.track.name }),
                    body: trans('The track stays; only its lyrics go.'),
                    confirmLabel: trans('Delete'),
                    isDanger: true,
                  },
                })
              }
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
    <DataTablePage<TAdminLyricsRow>
      title={trans('Lyrics')}
      endpoint={ENDPOINT}
      columns={columns}
      getRowId={(row) => String(row.id)}
      searchLabel={trans('Search by track name')}
      filters={[
        {
          key: 'synced',
          label: trans('Kind'),
          options: [
            { value: 'true', label: trans('Synced') },
            { value: 'false', label: trans('Plain') },
          ],
        },
      ]}
      emptyMessage={trans('No lyrics yet')}
    />
  );
}
