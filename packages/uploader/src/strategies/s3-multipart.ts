import { sendBlob, TransportError } from '../send-blob';
import type { TUploadContext } from '../upload-context';
import type { TFileEntry, TStrategyCallbacks, TUploadOptions, TUploadStrategy } from '../upload-types';
import type { UploadedFile } from '../uploaded-file';
import { s3EntryPayload, uploadMetadata } from './create-entry-payload';
import {
  PART_CONCURRENCY,
  PART_RETRIES,
  planParts,
  SIGN_BATCH_SIZE,
  type TPartPlan,
} from './multipart-parts';
import { isCancelledError, serverMessage } from './upload-errors';

interface TSavedUpload {
  uploadId: string;
  key: string;
}

interface TUploadedPart {
  PartNumber: number;
  ETag: string;
  Size?: number;
}

interface TChunk extends TPartPlan {
  etag: string | null;
  bytesSent: number;
}

type TSignedUrl = string | { url: string; partNumber: number };

export const multipartStorageKey = (file: UploadedFile) => `s3-multipart::${file.fingerprint}`;

class PartUploadError extends Error {}

export class S3MultipartUpload implements TUploadStrategy {
  readonly kind = 's3-multipart';
  private readonly controller = new AbortController();
  private isAbortedByUser = false;
  private upload: TSavedUpload | null = null;
  private chunks: TChunk[] = [];

  constructor(
    private readonly file: UploadedFile,
    private readonly options: TUploadOptions,
    private readonly context: TUploadContext,
    private readonly callbacks: TStrategyCallbacks,
  ) {}

  async start(): Promise<void> {
    try {
      const resumed = await this.resume();
      if (!resumed) await this.create();
      await this.uploadPendingChunks();
    } catch (error) {
      await this.fail(error);
      return;
    }
    if (!(await this.complete())) return;
    let entry: TFileEntry;
    try {
      entry = await this.createEntry();
    } catch (error) {
      this.forgetSavedUpload();
      this.report(error);
      return;
    }
    this.forgetSavedUpload();
    this.callbacks.onSuccess(entry);
  }

  async abort(): Promise<void> {
    this.isAbortedByUser = true;
    this.controller.abort();
    await this.abortRemote();
  }

  /** Spec 4: pick up the parts a previous page load already sent. */
  private async resume(): Promise<boolean> {
    const saved = this.readSavedUpload();
    if (!saved) return false;
    let parts: TUploadedPart[];
    try {
      const response = await this.post<{ parts: TUploadedPart[] }>('s3/multipart/get-uploaded-parts', {
        key: saved.key,
        uploadId: saved.uploadId,
      });
      parts = response.parts ?? [];
    } catch (error) {
      if (isCancelledError(error)) throw error;
      parts = [];
    }
    if (!parts.length) {
      this.forgetSavedUpload();
      return false;
    }
    this.upload = saved;
    this.chunks = this.freshChunks();
    for (const chunk of this.chunks) {
      const part = parts.find((candidate) => candidate.PartNumber === chunk.partNumber);
      // A part of another size belongs to a different cut of the file: send it again.
      const isSameCut = part?.Size == null || part.Size === chunk.end - chunk.start;
      if (part?.ETag && isSameCut) {
        chunk.etag = part.ETag;
        chunk.bytesSent = chunk.end - chunk.start;
      }
    }
    this.reportProgress();
    return true;
  }

  private async create(): Promise<void> {
    const response = await this.post<{ uploadId: string; key: string }>('s3/multipart/create', {
      filename: this.file.name,
      mime: this.file.mime,
      size: this.file.size,
      extension: this.file.extension,
      metadata: uploadMetadata(this.file, this.options),
      fingerprint: this.file.fingerprint,
    });
    this.upload = { uploadId: response.uploadId, key: response.key };
    this.context.storage.setItem(multipartStorageKey(this.file), JSON.stringify(this.upload));
    this.chunks = this.freshChunks();
  }

  private async uploadPendingChunks(): Promise<void> {
    for (;;) {
      const batch = this.chunks.filter((chunk) => !chunk.etag).slice(0, SIGN_BATCH_SIZE);
      if (!batch.length) return;
      const urls = await this.signUrls(batch);
      await runLimited(batch, PART_CONCURRENCY, (chunk) =>
        this.uploadChunk(chunk, urls.get(chunk.partNumber)),
      );
    }
  }

  private async signUrls(batch: TChunk[]): Promise<Map<number, string>> {
    const { urls } = await this.post<{ urls: TSignedUrl[] }>('s3/multipart/batch-sign-part-urls', {
      partNumbers: batch.map((chunk) => chunk.partNumber),
      uploadId: this.upload?.uploadId,
      key: this.upload?.key,
      // Lets the api answer get-uploaded-parts itself where the S3 server cannot list parts.
      uploadedParts: this.chunks
        .filter((chunk) => chunk.etag)
        .map((chunk) => ({ PartNumber: chunk.partNumber, ETag: chunk.etag, Size: chunk.end - chunk.start })),
    });
    const byPart = new Map<number, string>();
    urls.forEach((signed, index) => {
      if (typeof signed === 'string') byPart.set(batch[index]?.partNumber ?? -1, signed);
      else byPart.set(signed.partNumber, signed.url);
    });
    return byPart;
  }

  private async uploadChunk(chunk: TChunk, url: string | undefined): Promise<void> {
    if (!url) throw new PartUploadError(`No signed URL for part ${chunk.partNumber}`);
    const blob = this.file.native.slice(chunk.start, chunk.end);
    for (let attempt = 0; ; attempt++) {
      try {
        const response = await sendBlob({
          method: 'PUT',
          url,
          body: blob,
          signal: this.controller.signal,
          onProgress: (sent) => {
            chunk.bytesSent = sent;
            this.reportProgress();
          },
        });
        const etag = response.header('ETag');
        if (response.status >= 200 && response.status < 300 && etag) {
          chunk.etag = etag;
          chunk.bytesSent = chunk.end - chunk.start;
          this.reportProgress();
          return;
        }
        throw new PartUploadError(`Part ${chunk.partNumber} answered ${response.status}`);
      } catch (error) {
        if (isCancelledError(error) || attempt >= PART_RETRIES) throw error;
        chunk.bytesSent = 0;
        this.reportProgress();
      }
    }
  }

  /** Spec 8: a completion failure reports a null error and aborts. */
  private async complete(): Promise<boolean> {
    try {
      await this.post('s3/multipart/complete', {
        key: this.upload?.key,
        uploadId: this.upload?.uploadId,
        parts: this.chunks.map((chunk) => ({ ETag: chunk.etag, PartNumber: chunk.partNumber })),
      });
      return true;
    } catch (error) {
      if (this.isAbortedByUser || isCancelledError(error)) return false;
      this.callbacks.onError(null);
      await this.abortRemote();
      return false;
    }
  }

  private createEntry(): Promise<TFileEntry> {
    const key = this.upload?.key ?? '';
    return this.post<{ fileEntry: TFileEntry }>(
      's3/entries',
      s3EntryPayload(this.file, key, this.options),
    ).then((response) => response.fileEntry);
  }

  private async fail(error: unknown): Promise<void> {
    if (this.isAbortedByUser) return;
    // Sibling part PUTs still in flight are pointless once the upload is abandoned.
    this.controller.abort();
    await this.abortRemote();
    this.report(error);
  }

  private report(error: unknown): void {
    if (this.isAbortedByUser || isCancelledError(error)) return;
    this.callbacks.onError(error instanceof TransportError ? null : serverMessage(error));
  }

  private async abortRemote(): Promise<void> {
    const upload = this.upload;
    this.forgetSavedUpload();
    if (!upload) return;
    this.upload = null;
    try {
      // Not tied to the abort signal: this call must go out after the user cancelled.
      await this.context.client.post('s3/multipart/abort', { key: upload.key, uploadId: upload.uploadId });
    } catch {
      // Unfinished uploads left behind are cleaned up by the bucket's lifecycle rules.
    }
  }

  private freshChunks(): TChunk[] {
    return planParts(this.file.size).map((part) => ({ ...part, etag: null, bytesSent: 0 }));
  }

  private reportProgress(): void {
    const bytesUploaded = this.chunks.reduce((sum, chunk) => sum + chunk.bytesSent, 0);
    this.callbacks.onProgress({ bytesUploaded, bytesTotal: this.file.size });
  }

  private readSavedUpload(): TSavedUpload | null {
    const raw = this.context.storage.getItem(multipartStorageKey(this.file));
    if (!raw) return null;
    try {
      const parsed = JSON.parse(raw) as Partial<TSavedUpload>;
      return parsed.uploadId && parsed.key ? { uploadId: parsed.uploadId, key: parsed.key } : null;
    } catch {
      return null;
    }
  }

  private forgetSavedUpload(): void {
    this.context.storage.removeItem(multipartStorageKey(this.file));
  }

  private post<T = unknown>(path: string, body: unknown): Promise<T> {
    return this.context.client.post<T>(path, body, { signal: this.controller.signal });
  }
}

/** Runs `task` over `items` with at most `limit` at once; rejects on the first failure. */
async function runLimited<T>(items: T[], limit: number, task: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const item = items[next++] as T;
      await task(item);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
}
