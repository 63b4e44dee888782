import { sendBlob } from '../send-blob';
import type { TUploadContext } from '../upload-context';
import type { TFileEntry, TStrategyCallbacks, TUploadOptions, TUploadStrategy } from '../upload-types';
import type { UploadedFile } from '../uploaded-file';
import { s3EntryPayload, uploadMetadata } from './create-entry-payload';
import { isCancelledError, serverMessage } from './upload-errors';

interface TPresigned {
  url: string;
  acl: string;
  key: string;
}

/** Spec 7: presign, PUT the bytes straight to the bucket, then register the entry. */
export class S3SimpleUpload implements TUploadStrategy {
  readonly kind = 's3-simple';
  private readonly controller = new AbortController();

  constructor(
    private readonly file: UploadedFile,
    private readonly options: TUploadOptions,
    private readonly context: TUploadContext,
    private readonly callbacks: TStrategyCallbacks,
  ) {}

  async start(): Promise<void> {
    const { file, options, context, callbacks } = this;
    const signal = this.controller.signal;
    try {
      const presigned = await context.client.post<TPresigned>(
        's3/simple/presign',
        {
          filename: file.name,
          mime: file.mime,
          disk: options.disk ?? 'uploads',
          size: file.size,
          extension: file.extension,
          metadata: uploadMetadata(file, options),
        },
        { signal },
      );
      const response = await sendBlob({
        method: 'PUT',
        url: presigned.url,
        body: file.native,
        headers: { 'Content-Type': file.mime || 'application/octet-stream', 'x-amz-acl': presigned.acl },
        signal,
        onProgress: (sent) => callbacks.onProgress({ bytesUploaded: sent, bytesTotal: file.size }),
      });
      if (response.status < 200 || response.status >= 300) {
        callbacks.onError(null);
        return;
      }
      const { fileEntry } = await context.client.post<{ fileEntry: TFileEntry }>(
        's3/entries',
        s3EntryPayload(file, presigned.key, options),
        { signal },
      );
      callbacks.onSuccess(fileEntry);
    } catch (error) {
      if (isCancelledError(error)) return;
      callbacks.onError(serverMessage(error));
    }
  }

  abort(): void {
    this.controller.abort();
  }
}
