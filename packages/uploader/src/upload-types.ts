import type { TFileEntry } from '@cadence/contracts/file-entry';
import type { TClientSettings } from '@cadence/contracts/settings';
import type { TUploadRestrictions } from './restrictions';
import type { UploadedFile } from './uploaded-file';

export type TUploadSettings = TClientSettings['uploads'];

export type TUploadStatus = 'pending' | 'inProgress' | 'completed' | 'failed' | 'aborted';

export type TUploadStrategyKind = 's3-multipart' | 's3-simple' | 'tus' | 'form';

export type { TFileEntry } from '@cadence/contracts/file-entry';

/** Extras that travel with an upload (read by the feature that asked for it). */
export type TUploadMetadata = Record<string, string | number | boolean | null | undefined>;

export interface TUploadOptions {
  /** Sent with every strategy's create/entry call. */
  metadata?: TUploadMetadata;
  /** Storage disk: `uploads` (default) or `public`. */
  disk?: 'uploads' | 'public';
  restrictions?: TUploadRestrictions;
  /** Show server errors of this upload in a toast (spec 8). */
  showToastOnError?: boolean;
  onSuccess?: (entry: TFileEntry, file: UploadedFile) => void;
  onError?: (message: string | null, file: UploadedFile) => void;
}

export interface TUploadProgress {
  bytesUploaded: number;
  bytesTotal: number;
}

export interface TStrategyCallbacks {
  onProgress: (progress: TUploadProgress) => void;
  onSuccess: (entry: TFileEntry) => void;
  /** null: fail without a message to show (spec 8 multipart completion). */
  onError: (message: string | null) => void;
}

export interface TUploadStrategy {
  readonly kind: TUploadStrategyKind;
  start(): void | Promise<void>;
  /** User abort: stop, clean up remotely, report nothing. */
  abort(): void | Promise<void>;
}

/** Spec 3 "Upload item". */
export interface TUploadItem {
  file: UploadedFile;
  percentage: number;
  bytesUploaded: number;
  status: TUploadStatus;
  options: TUploadOptions;
  entry: TFileEntry | null;
  request: TUploadStrategy | null;
  errorMessage: string | null;
}
