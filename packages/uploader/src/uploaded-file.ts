/** Spec 3 "Uploaded file": the client-side view of a file chosen for upload. */
export interface UploadedFile {
  id: string;
  name: string;
  size: number;
  mime: string;
  extension: string;
  lastModified: number;
  /** Path inside a dropped or picked folder ('' for a single file). */
  relativePath: string;
  /** Same file, same fingerprint: keys resumable state across page loads. */
  fingerprint: string;
  native: File;
}

let counter = 0;

function nextId(): string {
  const random = globalThis.crypto?.randomUUID?.();
  return random ?? `upload-${Date.now().toString(36)}-${++counter}`;
}

export function fileExtension(name: string): string {
  const dot = name.lastIndexOf('.');
  if (dot <= 0 || dot === name.length - 1) return '';
  return name.slice(dot + 1).toLowerCase();
}

export function fileFingerprint(parts: {
  name: string;
  mime: string;
  size: number;
  lastModified: number;
}): string {
  return [parts.name, parts.mime, parts.size, parts.lastModified].join('-');
}

export function createUploadedFile(native: File, relativePath?: string): UploadedFile {
  const path = relativePath ?? (native as File & { webkitRelativePath?: string }).webkitRelativePath ?? '';
  const mime = native.type ?? '';
  return {
    id: nextId(),
    name: native.name,
    size: native.size,
    mime,
    extension: fileExtension(native.name),
    lastModified: native.lastModified,
    relativePath: path,
    fingerprint: fileFingerprint({
      name: native.name,
      mime,
      size: native.size,
      lastModified: native.lastModified,
    }),
    native,
  };
}
