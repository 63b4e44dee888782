const SIGNATURES: { mime: string; extension: string; matches: (bytes: Buffer) => boolean }[] = [
  {
    mime: 'image/png',
    extension: 'png',
    matches: (b) => b.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])),
  },
  { mime: 'image/jpeg', extension: 'jpg', matches: (b) => b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff },
  {
    mime: 'image/gif',
    extension: 'gif',
    matches: (b) => ['GIF87a', 'GIF89a'].includes(b.subarray(0, 6).toString('latin1')),
  },
  {
    mime: 'image/webp',
    extension: 'webp',
    matches: (b) =>
      b.subarray(0, 4).toString('latin1') === 'RIFF' && b.subarray(8, 12).toString('latin1') === 'WEBP',
  },
  {
    mime: 'image/avif',
    extension: 'avif',
    matches: (b) =>
      b.subarray(4, 8).toString('latin1') === 'ftyp' &&
      ['avif', 'avis'].includes(b.subarray(8, 12).toString('latin1')),
  },
  { mime: 'image/bmp', extension: 'bmp', matches: (b) => b.subarray(0, 2).toString('latin1') === 'BM' },
];

/**
 * The image type from its first bytes, never from the name or the declared type. SVG is
 * deliberately absent: it is a document that can carry scripts.
 */
export function sniffImage(bytes: Buffer): { mime: string; extension: string } | null {
  const match = SIGNATURES.find((signature) => bytes.length >= 12 && signature.matches(bytes));
  return match ? { mime: match.mime, extension: match.extension } : null;
}
