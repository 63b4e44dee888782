import { useTrans } from '@cadence/app-shell/use-trans';
import type { TUploadMinutes } from '@cadence/contracts/backstage';
import { ProgressBar } from '@cadence/ui/progress-bar';

/** Upload minutes of the plan: used and left (unlimited plans show only what is used). */
export function MinutesMeter({ minutes }: { minutes: TUploadMinutes }) {
  const { trans } = useTrans();
  if (minutes.limit_minutes === null)
    return (
      <p className="text-sm text-muted" data-testid="upload-minutes">
        {trans(':used minutes of audio uploaded (no limit)', { used: String(minutes.used_minutes) })}
      </p>
    );
  const percent = minutes.limit_minutes > 0 ? (minutes.used_minutes / minutes.limit_minutes) * 100 : 100;
  return (
    <div className="flex flex-col gap-1" data-testid="upload-minutes">
      <ProgressBar value={Math.min(100, percent)} label={trans('Upload minutes used')} />
      <p className="text-sm text-muted">
        {trans(':used of :limit minutes used, :left left', {
          used: String(minutes.used_minutes),
          limit: String(minutes.limit_minutes),
          left: String(minutes.left_minutes ?? 0),
        })}
      </p>
    </div>
  );
}
