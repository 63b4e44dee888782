import { UPLOAD_MESSAGES } from '@cadence/contracts/uploads';
import { formatFileSize } from './format-file-size';
import type { UploadedFile } from './uploaded-file';

export type TTranslate = (line: string, values?: Record<string, string | number>) => string;

export interface TUploadRestrictions {
  /** Bytes. */
  maxFileSize?: number;
  /** Mime patterns (`image/*`, `audio/mpeg`) or extensions (`.mp3`). */
  allowedFileTypes?: string[];
  blockedFileTypes?: string[];
}

export const MAX_SIZE_MESSAGE = UPLOAD_MESSAGES.tooLarge;
export const TYPE_NOT_ALLOWED_MESSAGE = UPLOAD_MESSAGES.typeNotAllowed;
export const UPLOAD_TIMED_OUT_MESSAGE = UPLOAD_MESSAGES.timedOut;
/** Spec 9: no progress for this long fails the upload. */
export const INACTIVITY_TIMEOUT_MS = 30_000;

/** Spec 5: files with these names are dropped on selection without a message. */
const IGNORED_FILE_NAMES = new Set(['.DS_Store']);

export const replaceValues: TTranslate = (line, values) =>
  values
    ? line.replace(/:([A-Za-z_]+)/g, (whole, key: string) => (key in values ? String(values[key]) : whole))
    : line;

export function isIgnoredFile(name: string): boolean {
  return IGNORED_FILE_NAMES.has(name);
}

type TTypedFile = Pick<UploadedFile, 'name' | 'mime' | 'extension'>;

export function matchesFileType(file: TTypedFile, pattern: string): boolean {
  const wanted = pattern.trim().toLowerCase();
  if (!wanted) return false;
  if (wanted.startsWith('.')) return file.extension === wanted.slice(1);
  if (!wanted.includes('/')) return file.extension === wanted;
  const mime = file.mime.toLowerCase();
  if (wanted.endsWith('/*')) return mime.startsWith(wanted.slice(0, -1));
  return mime === wanted;
}

/** The first restriction the file breaks, as a message; null when it may be uploaded. */
export function validateFile(
  file: TTypedFile & Pick<UploadedFile, 'size'>,
  restrictions: TUploadRestrictions | undefined,
  translate: TTranslate = replaceValues,
): string | null {
  if (!restrictions) return null;
  const { maxFileSize, allowedFileTypes, blockedFileTypes } = restrictions;
  if (maxFileSize != null && file.size > maxFileSize) {
    return translate(MAX_SIZE_MESSAGE, { file: file.name, size: formatFileSize(maxFileSize) });
  }
  if (allowedFileTypes?.length && !allowedFileTypes.some((pattern) => matchesFileType(file, pattern))) {
    return translate(TYPE_NOT_ALLOWED_MESSAGE);
  }
  if (blockedFileTypes?.some((pattern) => matchesFileType(file, pattern))) {
    return translate(TYPE_NOT_ALLOWED_MESSAGE);
  }
  return null;
}
