import { resolveApiUrl } from '@cadence/http-client/resolve-api-url';
import Uppy from '@uppy/core';
import Tus from '@uppy/tus';
import { messageFromBody } from '../send-blob';
import type { TUploadContext } from '../upload-context';
import { xsrfHeaders } from '../upload-context';
import type { TFileEntry, TStrategyCallbacks, TUploadOptions, TUploadStrategy } from '../upload-types';
import type { UploadedFile } from '../uploaded-file';
import { uploadMetadata } from './create-entry-payload';
import { isCancelledError, serverMessage } from './upload-errors';

/** Spec 9: resumable retry delays 0, 3, 5, 10, 20 seconds. */
export const TUS_RETRY_DELAYS = [0, 3000, 5000, 10000, 20000];

/** Spec 7: the tus metadata; extras are sent as strings beside the named fields. */
export function tusMetadata(file: UploadedFile, options: TUploadOptions): Record<string, string> {
  const extras = Object.entries(uploadMetadata(file, options))
    .filter(([, value]) => value !== null)
    .map(([name, value]) => [name, String(value)]);
  return {
    ...Object.fromEntries(extras),
    name: file.name,
    clientName: file.name,
    clientExtension: file.extension,
    clientMime: file.mime,
    clientSize: String(file.size),
  };
}

interface TErrorResponse {
  body?: { xhr?: { responseText?: string } };
}

/** Spec 8: a resumable upload's error message is read from the server's response body. */
export function tusErrorMessage(error: unknown, response: TErrorResponse | undefined): string | null {
  const fromResponse = response?.body?.xhr?.responseText;
  if (fromResponse) return messageFromBody(fromResponse);
  const original = (error as { originalResponse?: { getBody(): string } } | null)?.originalResponse;
  return original ? messageFromBody(original.getBody()) : null;
}

export class TusUpload implements TUploadStrategy {
  readonly kind = 'tus';
  private readonly controller = new AbortController();
  private readonly uppy = new Uppy({ autoProceed: false, allowMultipleUploadBatches: false });
  private isFinished = false;

  constructor(
    private readonly file: UploadedFile,
    options: TUploadOptions,
    private readonly context: TUploadContext,
    private readonly callbacks: TStrategyCallbacks,
  ) {
    const metadata = tusMetadata(file, options);
    this.uppy.use(Tus, {
      endpoint: resolveApiUrl('tus/upload', context.baseUrl),
      chunkSize: context.settings.chunk_size > 0 ? context.settings.chunk_size : Number.POSITIVE_INFINITY,
      retryDelays: TUS_RETRY_DELAYS,
      removeFingerprintOnSuccess: true,
      withCredentials: true,
      allowedMetaFields: Object.keys(metadata),
      // Read per request: the token can rotate during a long upload.
      headers: () => xsrfHeaders(context),
    });
    this.uppy.addFile({ name: file.name, type: file.mime, data: file.native, meta: metadata });
  }

  start(): Promise<void> {
    return new Promise<void>((resolve) => {
      this.uppy.on('upload-progress', (_file, progress) => {
        this.callbacks.onProgress({ bytesUploaded: progress.bytesUploaded, bytesTotal: this.file.size });
      });
      this.uppy.on('upload-error', (_file, error, response) => {
        if (!this.controller.signal.aborted)
          this.callbacks.onError(tusErrorMessage(error, response as TErrorResponse));
        this.finish();
        resolve();
      });
      this.uppy.on('upload-success', (_file, response) => {
        void this.createEntry(response.uploadURL ?? '').finally(() => {
          this.finish();
          resolve();
        });
      });
      this.controller.signal.addEventListener('abort', () => resolve(), { once: true });
      this.uppy.upload().catch(() => {
        // Reported through 'upload-error' above.
      });
    });
  }

  abort(): void {
    this.controller.abort();
    // Removing the file makes the tus plugin stop and terminate the upload on the server.
    this.uppy.cancelAll();
    this.finish();
  }

  private async createEntry(uploadUrl: string): Promise<void> {
    const uploadKey = uploadUrl.split('/').pop() ?? '';
    try {
      const { fileEntry } = await this.context.client.post<{ fileEntry: TFileEntry }>(
        'tus/entries',
        { uploadKey },
        { signal: this.controller.signal },
      );
      this.callbacks.onSuccess(fileEntry);
    } catch (error) {
      if (isCancelledError(error)) return;
      this.callbacks.onError(serverMessage(error));
    }
  }

  private finish(): void {
    if (this.isFinished) return;
    this.isFinished = true;
    this.uppy.destroy();
  }
}
