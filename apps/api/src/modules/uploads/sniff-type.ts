/** Enough leading bytes for every signature `file-type` knows. */
export const SNIFF_BYTES = 4100;

export type SniffedType = { mime: string; extension: string; isSniffed: boolean };

const TEXT_EXTENSIONS = new Set(['txt', 'lrc', 'srt', 'vtt', 'csv', 'json', 'md']);

function looksLikeText(head: Uint8Array): boolean {
  if (head.includes(0)) return false;
  try {
    // A multi-byte character may be cut at the end of the head: ignore the last 3 bytes.
    new TextDecoder('utf-8', { fatal: true }).decode(head.subarray(0, Math.max(0, head.length - 3)));
    return true;
  } catch {
    return false;
  }
}

/** The client's extension, reduced to what we store: lower-case letters and digits only. */
export function cleanExtension(value: string | null | undefined): string {
  return (value ?? '')
    .toLowerCase()
    .replace(/^\./, '')
    .replace(/[^a-z0-9]/g, '')
    .slice(0, 16);
}

/**
 * The type by content, never by name. Binary formats come from their signature; text has none, so
 * a UTF-8 file keeps a text extension the client gave (else `txt`), anything else is octet-stream.
 */
export async function sniffType(
  head: Uint8Array,
  clientExtension: string | null | undefined,
): Promise<SniffedType> {
  const { fileTypeFromBuffer } = await import('file-type');
  const found = await fileTypeFromBuffer(head);
  if (found) return { mime: found.mime, extension: found.ext, isSniffed: true };
  const claimed = cleanExtension(clientExtension);
  if (head.length > 0 && looksLikeText(head)) {
    return {
      mime: 'text/plain',
      extension: TEXT_EXTENSIONS.has(claimed) ? claimed : 'txt',
      isSniffed: false,
    };
  }
  return { mime: 'application/octet-stream', extension: claimed || 'bin', isSniffed: false };
}
