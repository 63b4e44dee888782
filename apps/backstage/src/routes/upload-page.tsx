import { toast } from '@cadence/app-shell/toast-store';
import { useSettings } from '@cadence/app-shell/use-bootstrap-data';
import { useTrans } from '@cadence/app-shell/use-trans';
import { Button } from '@cadence/ui/button';
import { FileDropZone } from '@cadence/uploader/file-drop-zone';
import type { TUploadRestrictions } from '@cadence/uploader/restrictions';
import { UploadList } from '@cadence/uploader/upload-list';
import { useUploader } from '@cadence/uploader/use-uploader';

/** Track audio, and artwork beside it. */
export const UPLOAD_PAGE_RESTRICTIONS: TUploadRestrictions = { allowedFileTypes: ['audio/*', 'image/*'] };

/** /backstage/upload (spec 2.10; music.create): pick or drop audio, watch, cancel and retry uploads. */
export function UploadPage() {
  const { trans } = useTrans();
  const settings = useSettings();
  const uploader = useUploader({
    settings: settings.uploads,
    defaults: { restrictions: UPLOAD_PAGE_RESTRICTIONS, showToastOnError: true },
    onServerError: (message) => toast.danger(message),
    onRestrictionError: (message) => toast.danger(message),
  });
  const completed = uploader.items.filter((item) => item.status === 'completed').length;
  const hasInactive = uploader.items.some(
    (item) => item.status !== 'pending' && item.status !== 'inProgress',
  );

  return (
    <section className="flex flex-col gap-6" data-testid="backstage-upload">
      <div>
        <h1 className="text-2xl font-semibold">{trans('Upload')}</h1>
        <p className="text-muted">{trans('Upload your tracks and their artwork.')}</p>
      </div>
      <FileDropZone
        label={trans('Drop audio files here')}
        description={trans('or pick them from your device')}
        buttonLabel={trans('Browse files')}
        acceptedFileTypes={UPLOAD_PAGE_RESTRICTIONS.allowedFileTypes}
        onFiles={(files) => uploader.upload(files)}
      />
      {uploader.items.length > 0 && (
        <div className="flex items-center justify-between gap-4">
          <p className="text-sm text-muted" aria-live="polite">
            {trans(':done of :total uploaded', { done: completed, total: uploader.items.length })}
          </p>
          <Button variant="text" size="sm" isDisabled={!hasInactive} onPress={uploader.clearInactive}>
            {trans('Clear finished')}
          </Button>
        </div>
      )}
      <UploadList items={uploader.items} onAbort={uploader.abort} onRetry={uploader.retry} />
    </section>
  );
}
