import { PlainButton, type PlainButtonProps } from '@cadence/ui/plain-button';
import DownloadIcon from 'lucide-react/icons/download';

/**
 * The one look of the Download button in all its states (loading, ready, downloading, kept), so
 * the lazily loaded toggle replaces its placeholder without a shift. The download icon unless the
 * caller gives another.
 */
export function DownloadActionButton({ startIcon, ...props }: Omit<PlainButtonProps, 'variant'>) {
  return (
    <PlainButton
      {...props}
      variant="outline"
      startIcon={startIcon ?? <DownloadIcon aria-hidden className="size-4" />}
      data-testid="offline-download"
    />
  );
}
