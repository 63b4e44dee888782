import { openDialog } from '@cadence/app-shell/modal-store';
import { useAuth } from '@cadence/app-shell/use-auth';
import { useTrans } from '@cadence/app-shell/use-trans';
import { PlainIconButton } from '@cadence/ui/plain-icon-button';
import FlagIcon from 'lucide-react/icons/flag';
import type { TReportTarget } from './report-dialog';

/** Opens the report dialog (its module loads on first use). */
export function openReportDialog(target: TReportTarget): void {
  void import('./report-dialog').then(({ ReportDialog }) =>
    openDialog((close) => <ReportDialog target={target} onClose={() => close()} />),
  );
}

/** "Report" for signed-in listeners on a track, album, playlist, comment or user. */
export function ReportButton({ target, size }: { target: TReportTarget; size?: 'xs' | 'sm' }) {
  const { trans } = useTrans();
  const { user } = useAuth();
  if (!user) return null;
  return (
    <PlainIconButton
      aria-label={trans('Report')}
      onPress={() => openReportDialog(target)}
      size={size}
      data-testid="report-button"
    >
      <FlagIcon aria-hidden />
    </PlainIconButton>
  );
}
