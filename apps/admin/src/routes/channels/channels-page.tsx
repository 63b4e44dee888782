import { confirmAction } from '@cadence/admin-kit/confirm-dialog';
import { DataTablePage } from '@cadence/admin-kit/data-table-page';
import { adminListKey } from '@cadence/admin-kit/use-admin-list';
import { toast } from '@cadence/app-shell/toast-store';
import { useTrans } from '@cadence/app-shell/use-trans';
import type { TChannel, TChannelPreset, TChannelPresetResponse } from '@cadence/contracts/channel';
import { apiClient } from '@cadence/http-client/http-client';
import { isHttpError } from '@cadence/http-client/http-error';
import { Button } from '@cadence/ui/button';
import { useQueryClient } from '@tanstack/react-query';
import type { ColumnDef } from '@tanstack/react-table';
import { useMemo } from 'react';
import { Link, useNavigate } from 'react-router';
import { runRowAction } from '../music/run-action';

const PRESETS = [
  { id: 'music-streaming', label: 'Apply preset: music streaming' },
  { id: 'music-sharing', label: 'Apply preset: music sharing' },
] as const satisfies readonly { id: TChannelPreset; label: string }[];

/** /admin/channels: every channel; new, edit, delete; the two presets; the channels documentation. */
export function ChannelsPage() {
  const { trans } = useTrans();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  async function applyPreset(preset: (typeof PRESETS)[number]) {
    const isConfirmed = await confirmAction({
      title: trans(preset.label),
      body: trans(
        'Creates or reshapes its channels, makes its home channel the home page and replaces the player sidebar links.',
      ),
      confirmLabel: trans('Apply'),
    });
    if (!isConfirmed) return;
    try {
      await apiClient.post<TChannelPresetResponse>(`channels/presets/${preset.id}`);
      toast.positive(trans('Preset applied'));
      await queryClient.invalidateQueries({ queryKey: adminListKey('channels') });
    } catch (error) {
      toast.danger(isHttpError(error) ? error.message : trans('There was an issue. Please try again later.'));
    }
  }
  const columns = useMemo<ColumnDef<TChannel>[]>(
    () => [
      {
        id: 'name',
        header: trans('Name'),
        cell: ({ row }) => (
          <Link className="font-medium hover:underline" to={`/channels/${row.original.slug}/edit`}>
            {row.original.name}
          </Link>
        ),
      },
      {
        id: 'slug',
        header: trans('Address'),
        cell: ({ row }) => `/channel/${row.original.slug}`,
        meta: { hideOnMobile: true },
      },
      {
        id: 'content',
        header: trans('Content'),
        cell: ({ row }) =>
          `${trans(row.original.config.content_type)} · ${trans(`${row.original.config.content_model}s`)}`,
      },
      {
        id: 'layout',
        header: trans('Layout'),
        cell: ({ row }) => trans(row.original.config.layout),
        meta: { hideOnMobile: true },
      },
      {
        id: 'actions',
        header: trans('Actions'),
        cell: ({ row }) => (
          <div className="flex flex-wrap gap-2">
            <Button
              size="sm"
              variant="outline"
              onPress={() => navigate(`/channels/${row.original.slug}/edit`)}
            >
              {trans('Edit')}
            </Button>
            <Button
              size="sm"
              variant="outline"
              onPress={() =>
                void runRowAction({
                  endpoint: 'channels',
                  queryClient,
                  failed: trans('There was an issue. Please try again later.'),
                  call: () => apiClient.delete(`channels/${row.original.id}`),
                  done: trans('Channel deleted'),
                  confirm: {
                    title: trans('Delete ":name"?', { name: row.original.name }),
                    body: trans('Channels that list it drop it; the items it lists stay.'),
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
    [trans, navigate, queryClient],
  );
  return (
    <DataTablePage<TChannel>
      title={trans('Channels')}
      endpoint="channels"
      columns={columns}
      getRowId={(row) => String(row.id)}
      emptyMessage={trans('No channels yet')}
      description={
        <Link className="text-sm text-primary hover:underline" to="/channels/docs">
          {trans('Channels documentation')}
        </Link>
      }
      actions={
        <>
          {PRESETS.map((preset) => (
            <Button key={preset.id} variant="outline" onPress={() => void applyPreset(preset)}>
              {trans(preset.label)}
            </Button>
          ))}
          <Button onPress={() => navigate('/channels/new')}>{trans('New channel')}</Button>
        </>
      }
    />
  );
}
