import type { TFileEntry } from '@cadence/contracts/file-entry';
import { Button } from '@cadence/ui/button';
import { ProgressBar } from '@cadence/ui/progress-bar';
import { clsx } from 'clsx';
import { ImageIcon } from 'lucide-react';
import { useId, useState } from 'react';
import { FileTrigger } from 'react-aria-components';
import type { TUploadRestrictions } from '../restrictions';
import type { TUploadOptions, TUploadSettings } from '../upload-types';
import { type UseUploaderOptions, useUploader } from '../use-uploader';

/** Spec 5 "Image upload": only images, at most 2 MB. */
export const IMAGE_RESTRICTIONS: TUploadRestrictions = {
  allowedFileTypes: ['image/*'],
  maxFileSize: 2097152,
};
export const IMAGE_REQUIRED_MESSAGE = 'Please select an image.';

export interface ImageUploadFieldProps {
  label: string;
  /** URL of the current image, or null. */
  value: string | null;
  onChange: (url: string | null, entry: TFileEntry | null) => void;
  settings: TUploadSettings;
  /** Restriction failures and server errors (spec 5: a toast). */
  onToast: (message: string) => void;
  uploadOptions?: TUploadOptions;
  /** Form field name; the URL is submitted with the form. */
  name?: string;
  isRequired?: boolean;
  /** A server-side error for this field. */
  errorMessage?: string | null;
  description?: string;
  className?: string;
  /** Where uploads go (defaults to the same-origin api). */
  uploaderContext?: UseUploaderOptions['context'];
  /**
   * The address the preview loads `value` from. Settings hold site-root paths (`images/logo.svg`)
   * that, taken as they are, resolve against the page's own path (`/admin/appearance/...`).
   */
  resolveUrl?: (url: string) => string;
}

export function ImageUploadField({
  label,
  value,
  onChange,
  settings,
  onToast,
  uploadOptions,
  name,
  isRequired = false,
  errorMessage,
  description,
  className,
  uploaderContext,
  resolveUrl = (url) => url,
}: ImageUploadFieldProps) {
  const labelId = useId();
  const errorId = useId();
  const [requiredError, setRequiredError] = useState<string | null>(null);
  const { items, upload } = useUploader({
    settings,
    context: uploaderContext,
    onServerError: (message) => onToast(message),
    onRestrictionError: (message) => onToast(message),
  });
  const current = items.at(-1);
  const isUploading = current?.status === 'inProgress' || current?.status === 'pending';
  const shownError = errorMessage || requiredError;

  const onSelect = (list: FileList | null) => {
    const file = list?.[0];
    if (!file) return;
    upload([file], {
      disk: 'public',
      ...uploadOptions,
      restrictions: IMAGE_RESTRICTIONS,
      onSuccess: (entry, uploaded) => {
        setRequiredError(null);
        onChange(entry.url, entry);
        uploadOptions?.onSuccess?.(entry, uploaded);
      },
    });
  };

  return (
    <div className={clsx('flex flex-col gap-2 text-fg', className)}>
      <span id={labelId} className="text-sm font-medium">
        {label}
      </span>
      <div
        className={clsx(
          'flex aspect-square w-40 items-center justify-center overflow-hidden rounded-panel border bg-bg-alt',
          shownError ? 'border-danger' : 'border-divider',
        )}
      >
        {value ? (
          <img src={resolveUrl(value)} alt={label} className="size-full object-cover" />
        ) : (
          <ImageIcon aria-hidden className="size-10 text-muted" />
        )}
      </div>
      {isUploading && (
        <ProgressBar value={current?.percentage ?? 0} label={`Uploading ${label}`} className="w-40" />
      )}
      <div className="flex gap-2">
        <FileTrigger acceptedFileTypes={['image/*']} onSelect={onSelect}>
          <Button
            variant="outline"
            size="sm"
            isDisabled={isUploading}
            aria-describedby={shownError ? errorId : undefined}
          >
            {value ? 'Replace image' : 'Upload image'}
          </Button>
        </FileTrigger>
        {value && (
          <Button variant="text" size="sm" isDisabled={isUploading} onPress={() => onChange(null, null)}>
            Remove image
          </Button>
        )}
      </div>
      {/* Takes part in native form validation so a required image blocks submit like any field. */}
      <input
        className="sr-only"
        tabIndex={-1}
        aria-hidden
        aria-labelledby={labelId}
        name={name}
        value={value ?? ''}
        required={isRequired}
        onChange={() => undefined}
        onInvalid={(event) => {
          event.preventDefault();
          setRequiredError(IMAGE_REQUIRED_MESSAGE);
        }}
      />
      {description && !shownError && <span className="text-xs text-muted">{description}</span>}
      {shownError && (
        <span id={errorId} role="alert" className="text-xs text-danger">
          {shownError}
        </span>
      )}
    </div>
  );
}
