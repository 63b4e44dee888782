import { DataTablePage } from '@cadence/admin-kit/data-table-page';
import { useTrans } from '@cadence/app-shell/use-trans';
import {
  REPORT_REASON_LABELS,
  REPORTABLE_TYPES,
  type TReport,
  type TReportResolution,
} from '@cadence/contracts/report';
import { apiClient } from '@cadence/http-client/http-client';
import { Button } from '@cadence/ui/button';
import { useQueryClient } from '@tanstack/react-query';
import type { ColumnDef } from '@tanstack/react-table';
import { useMemo } from 'react';
import { formatDate } from './catalogue-cells';
import { PartyChatReports } from './party-chat-reports';
import { runRowAction } from './run-action';

const ENDPOINT = 'reports';

/**
 * /admin/reports: what listeners reported, with the item; hide, delete or dismiss (the reporters
 * are told). Below, the reported listening-party chat lines, deleted or dismissed the same way.
 */
export function ReportsPage() {
  const { trans } = useTrans();
  const queryClient = useQueryClient();
  const columns = useMemo<ColumnDef<TReport>[]>(() => {
    const resolve = (report: TReport, resolution: TReportResolution, done: string) =>
      void runRowAction({
        endpoint: ENDPOINT,
        queryClient,
        failed: trans('There was an issue. Please try again later.'),
        call: () => apiClient.post(`reports/${report.id}/resolve`, { resolution }),
        done,
      });
    return [
      {
        id: 'item',
        header: trans('Reported'),
        cell: ({ row }) => {
          const { item } = row.original;
          if (!item) return <span className="text-muted">{trans('(no longer exists)')}</span>;
          return item.url ? (
            <a className="font-medium hover:underline" href={item.url}>
              {item.name}
            </a>
          ) : (
            item.name
          );
        },
      },
      { id: 'type', header: trans('Type'), cell: ({ row }) => trans(row.original.reportable_type) },
      {
        id: 'reason',
        header: trans('Reason'),
        cell: ({ row }) => (
          <span>
            {trans(REPORT_REASON_LABELS[row.original.reason])}
            {row.original.details && <span className="block text-muted">{row.original.details}</span>}
          </span>
        ),
      },
      {
        id: 'reporter',
        header: trans('Reporter'),
        cell: ({ row }) => row.original.reporter?.name ?? '—',
        meta: { hideOnMobile: true },
      },
      {
        id: 'created',
        header: trans('Date'),
        cell: ({ row }) => formatDate(row.original.created_at),
        meta: { hideOnMobile: true },
      },
      {
        id: 'actions',
        header: trans('Actions'),
        cell: ({ row }) =>
          row.original.status === 'resolved' ? (
            trans('Resolved: :resolution', { resolution: row.original.resolution ?? '' })
          ) : (
            <div className="flex flex-wrap gap-2" data-testid="report-actions">
              <Button
                size="sm"
                variant="outline"
                onPress={() => resolve(row.original, 'hide', trans('Hidden'))}
              >
                {trans('Hide')}
              </Button>
              {row.original.reportable_type !== 'user' && (
                <Button
                  size="sm"
                  variant="outline"
                  onPress={() => resolve(row.original, 'delete', trans('Deleted'))}
                >
                  {trans('Delete')}
                </Button>
              )}
              <Button
                size="sm"
                variant="outline"
                onPress={() => resolve(row.original, 'dismiss', trans('Dismissed'))}
              >
                {trans('Dismiss')}
              </Button>
            </div>
          ),
      },
    ];
  }, [trans, queryClient]);
  return (
    <>
      <DataTablePage<TReport>
        title={trans('Reports')}
        endpoint={ENDPOINT}
        columns={columns}
        getRowId={(row) => String(row.id)}
        filters={[
          {
            key: 'status',
            label: trans('Status'),
            options: [
              { value: 'open', label: trans('Open') },
              { value: 'resolved', label: trans('Resolved') },
            ],
          },
          {
            key: 'reportable_type',
            label: trans('Type'),
            options: REPORTABLE_TYPES.map((value) => ({ value, label: trans(value) })),
          },
        ]}
        emptyMessage={trans('No reports to review')}
      />
      <PartyChatReports />
    </>
  );
}
