import { useCallback, useEffect, useRef, useState, useSyncExternalStore } from 'react';
import { createUploadContext, type TUploadContext } from './upload-context';
import { createUploadQueue, type TAddResult, type TUploadQueue } from './upload-queue';
import type { TUploadItem, TUploadOptions, TUploadSettings } from './upload-types';
import type { UploadedFile } from './uploaded-file';

export interface UseUploaderOptions {
  /** Bootstrap `settings.uploads`. */
  settings: TUploadSettings;
  /** Share one queue between components; otherwise the hook owns one for its lifetime. */
  queue?: TUploadQueue;
  context?: Partial<Omit<TUploadContext, 'settings'>>;
  defaults?: TUploadOptions;
  /** Spec 8: server errors in a toast (per upload `showToastOnError`, on by default). */
  onServerError?: (message: string, item: TUploadItem) => void;
  /** Spec 5: what to do with a file a restriction refused (a toast, a form error). */
  onRestrictionError?: (message: string, file: UploadedFile) => void;
}

export interface UploaderApi {
  items: readonly TUploadItem[];
  upload: (files: Iterable<File | UploadedFile>, options?: TUploadOptions) => TAddResult;
  abort: (fileId: string) => void;
  retry: (fileId: string) => void;
  clearInactive: () => void;
  queue: TUploadQueue;
}

export function useUploader(options: UseUploaderOptions): UploaderApi {
  // Callbacks are read at call time so a re-render never rebuilds the queue.
  const latest = useRef(options);
  latest.current = options;
  const [ownQueue] = useState(() =>
    options.queue
      ? null
      : createUploadQueue({
          context: createUploadContext(options.settings, options.context),
          defaults: options.defaults,
          onServerError: (message, item) => latest.current.onServerError?.(message, item),
        }),
  );
  const queue = options.queue ?? (ownQueue as TUploadQueue);
  useEffect(() => (ownQueue ? () => ownQueue.destroy() : undefined), [ownQueue]);

  const items = useSyncExternalStore(queue.subscribe, queue.getSnapshot, queue.getSnapshot);
  const upload = useCallback(
    (files: Iterable<File | UploadedFile>, uploadOptions?: TUploadOptions) => {
      const result = queue.add(files, uploadOptions);
      for (const { message, file } of result.rejected) latest.current.onRestrictionError?.(message, file);
      return result;
    },
    [queue],
  );

  return {
    items,
    upload,
    abort: queue.abort,
    retry: queue.retry,
    clearInactive: queue.clearInactive,
    queue,
  };
}
