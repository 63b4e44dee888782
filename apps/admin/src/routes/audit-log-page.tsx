import { DataTablePage } from '@cadence/admin-kit/data-table-page';
import { useTrans } from '@cadence/app-shell/use-trans';
import type { TAuditLogEntry } from '@cadence/contracts/audit-log';
import type { ColumnDef } from '@tanstack/react-table';
import { useMemo } from 'react';

function Changes({ entry }: { entry: TAuditLogEntry }) {
  const { trans } = useTrans();
  if (entry.before == null && entry.after == null) return <span className="text-muted">—</span>;
  return (
    <details>
      <summary className="cursor-pointer text-primary">{trans('Show changes')}</summary>
      <div className="mt-2 grid gap-2 sm:grid-cols-2">
        {(['before', 'after'] as const).map((side) => (
          <div key={side}>
            <div className="text-xs font-medium text-muted">
              {side === 'before' ? trans('Before') : trans('After')}
            </div>
            <pre className="max-h-60 max-w-[80vw] overflow-auto rounded bg-bg-alt p-2 text-xs whitespace-pre-wrap">
              {entry[side] == null ? '—' : JSON.stringify(entry[side], null, 2)}
            </pre>
          </div>
        ))}
      </div>
    </details>
  );
}

/** /admin/audit-log: every admin write, who made it and when, with the subject before and after. */
export function AuditLogPage() {
  const { trans } = useTrans();
  const columns = useMemo<ColumnDef<TAuditLogEntry>[]>(
    () => [
      {
        id: 'created_at',
        header: trans('Date'),
        enableSorting: true,
        cell: ({ row }) => new Date(row.original.created_at).toLocaleString(),
        meta: { className: 'whitespace-nowrap' },
      },
      {
        id: 'actor',
        header: trans('Who'),
        cell: ({ row }) =>
          row.original.actor_name ?? (row.original.actor_id ? `#${row.original.actor_id}` : trans('System')),
      },
      { id: 'action', header: trans('Action'), enableSorting: true, accessorKey: 'action' },
      {
        id: 'subject_type',
        header: trans('Subject'),
        enableSorting: true,
        cell: ({ row }) =>
          `${row.original.subject_type}${row.original.subject_id ? ` #${row.original.subject_id}` : ''}`,
      },
      {
        id: 'changes',
        header: trans('Changes'),
        cell: ({ row }) => <Changes entry={row.original} />,
        meta: { hideOnMobile: true },
      },
    ],
    [trans],
  );
  return (
    <DataTablePage<TAuditLogEntry>
      title={trans('Audit log')}
      endpoint="audit-log"
      columns={columns}
      getRowId={(row) => String(row.id)}
      searchLabel={trans('Search actions')}
      defaultOrderBy="created_at"
      filters={[
        {
          key: 'subject_type',
          label: trans('Subject'),
          options: ['users', 'roles', 'settings', 'localizations', 'files'].map((value) => ({
            value,
            label: value,
          })),
        },
      ]}
      emptyMessage={trans('No admin changes recorded yet')}
    />
  );
}
