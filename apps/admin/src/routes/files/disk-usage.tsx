import { useTrans } from '@cadence/app-shell/use-trans';
import type { TDiskUsageResponse } from '@cadence/contracts/admin-files';
import { apiClient } from '@cadence/http-client/http-client';
import { formatFileSize } from '@cadence/uploader/format-file-size';
import { useQuery } from '@tanstack/react-query';

export const USAGE_KEY = ['admin', 'files', 'usage'] as const;

export function DiskUsage() {
  const { trans } = useTrans();
  const usage = useQuery({
    queryKey: USAGE_KEY,
    queryFn: () => apiClient.get<TDiskUsageResponse>('file-entries/usage'),
  });
  if (!usage.data) return null;
  return (
    <ul aria-label={trans('Storage used')} className="grid gap-3 sm:grid-cols-2" data-testid="disk-usage">
      {usage.data.disks.map((disk) => (
        <li key={disk.disk} className="rounded-panel border border-divider p-3">
          <p className="text-sm text-muted">
            {disk.disk === 'uploads' ? trans('Uploads disk') : trans('Public disk')} ({disk.driver})
          </p>
          <p className="text-xl font-semibold">{formatFileSize(disk.bytes)}</p>
          <p className="text-xs text-muted">
            {trans(':count files; :size in trash (:trashed files)', {
              count: String(disk.files),
              size: formatFileSize(disk.trashed_bytes),
              trashed: String(disk.trashed_files),
            })}
          </p>
        </li>
      ))}
    </ul>
  );
}
