import { IconButton } from '@cadence/ui/icon-button';
import { ProgressBar } from '@cadence/ui/progress-bar';
import { clsx } from 'clsx';
import { CheckIcon, RotateCwIcon, XIcon } from 'lucide-react';
import type { TUploadItem } from '../upload-types';
import { uploadStatusText } from './upload-status-text';

export interface UploadListProps {
  items: readonly TUploadItem[];
  onAbort: (fileId: string) => void;
  onRetry: (fileId: string) => void;
  className?: string;
}

export function UploadList({ items, onAbort, onRetry, className }: UploadListProps) {
  if (!items.length) return null;
  return (
    <ul
      aria-label="Uploads"
      className={clsx('flex flex-col divide-y divide-divider rounded-panel bg-paper', className)}
    >
      {items.map((item) => (
        <UploadRow key={item.file.id} item={item} onAbort={onAbort} onRetry={onRetry} />
      ))}
    </ul>
  );
}

function UploadRow({
  item,
  onAbort,
  onRetry,
}: {
  item: TUploadItem;
  onAbort: UploadListProps['onAbort'];
  onRetry: UploadListProps['onRetry'];
}) {
  const { file, status } = item;
  const isActive = status === 'pending' || status === 'inProgress';
  const canRetry = status === 'failed' || status === 'aborted';
  return (
    <li className="flex items-center gap-3 px-4 py-3 text-fg" data-status={status}>
      <div className="min-w-0 flex-auto">
        <div className="truncate text-sm font-medium">{file.relativePath || file.name}</div>
        {isActive && (
          <ProgressBar value={item.percentage} label={`Uploading ${file.name}`} className="my-1.5" />
        )}
        <div
          role={status === 'failed' ? 'alert' : undefined}
          className={clsx('text-xs', status === 'failed' ? 'text-danger' : 'text-muted')}
        >
          {uploadStatusText(item)}
        </div>
      </div>
      {status === 'completed' && <CheckIcon aria-label="Uploaded" className="size-5 text-positive" />}
      {isActive && (
        <IconButton aria-label={`Cancel upload of ${file.name}`} size="sm" onPress={() => onAbort(file.id)}>
          <XIcon />
        </IconButton>
      )}
      {canRetry && (
        <IconButton aria-label={`Retry upload of ${file.name}`} size="sm" onPress={() => onRetry(file.id)}>
          <RotateCwIcon />
        </IconButton>
      )}
    </li>
  );
}
