import { resolveApiUrl } from '@cadence/http-client/resolve-api-url';
import { messageFromBody, sendBlob } from '../send-blob';
import type { TUploadContext } from '../upload-context';
import { xsrfHeaders } from '../upload-context';
import type { TFileEntry, TStrategyCallbacks, TUploadOptions, TUploadStrategy } from '../upload-types';
import type { UploadedFile } from '../uploaded-file';
import { uploadMetadata } from './create-entry-payload';
import { isCancelledError } from './upload-errors';

/** Spec 7: `POST file-entries` multipart (file, clientMime, clientExtension, metadata). */
export function buildFormData(file: UploadedFile, options: TUploadOptions): FormData {
  const form = new FormData();
  form.set('clientMime', file.mime);
  form.set('clientExtension', file.extension);
  form.set('metadata', JSON.stringify(uploadMetadata(file, options)));
  // Last, so a streaming server has every field before the bytes arrive.
  form.set('file', file.native, file.name);
  return form;
}

export class FormUpload implements TUploadStrategy {
  readonly kind = 'form';
  private readonly controller = new AbortController();

  constructor(
    private readonly file: UploadedFile,
    private readonly options: TUploadOptions,
    private readonly context: TUploadContext,
    private readonly callbacks: TStrategyCallbacks,
  ) {}

  async start(): Promise<void> {
    try {
      const response = await sendBlob({
        method: 'POST',
        url: resolveApiUrl('file-entries', this.context.baseUrl),
        body: buildFormData(this.file, this.options),
        headers: { Accept: 'application/json', ...xsrfHeaders(this.context) },
        withCredentials: true,
        signal: this.controller.signal,
        onProgress: (sent) =>
          // The multipart envelope adds a few hundred bytes: never report more than the file.
          this.callbacks.onProgress({
            bytesUploaded: Math.min(sent, this.file.size),
            bytesTotal: this.file.size,
          }),
      });
      if (response.status < 200 || response.status >= 300) {
        this.callbacks.onError(messageFromBody(response.body));
        return;
      }
      const { fileEntry } = JSON.parse(response.body) as { fileEntry: TFileEntry };
      this.callbacks.onProgress({ bytesUploaded: this.file.size, bytesTotal: this.file.size });
      this.callbacks.onSuccess(fileEntry);
    } catch (error) {
      if (isCancelledError(error)) return;
      this.callbacks.onError(null);
    }
  }

  abort(): void {
    this.controller.abort();
  }
}
