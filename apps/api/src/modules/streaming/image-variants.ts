import { mkdir, rename, stat } from 'node:fs/promises';
import path from 'node:path';

// Widths the apps ask for (thumbnails, cards, headers); anything else is a 422, so the cache stays bounded.
export const IMAGE_EXTENSIONS: Record<string, string> = {
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.webp': 'image/webp',
  '.gif': 'image/gif',
};

/** Sources a WebP variant may replace (an animated GIF or a WebP original stays as it is). */
const WEBP_SOURCES = new Set(['.png', '.jpg', '.jpeg']);

/** Whether a resized variant of `extension` goes out as WebP to a browser that sends `accept`. */
export function wantsWebp(extension: string, accept: string | undefined): boolean {
  return WEBP_SOURCES.has(extension) && /\bimage\/webp\b/.test(accept ?? '');
}

/**
 * The resized variant on disk, made once: `${storage}/cache/images/<width>/<path>` (plus `.webp`
 * for the WebP form). Written to a temp name and renamed so a concurrent request never reads a
 * half-written file.
 */
export async function imageVariant(
  storage: string,
  relative: string,
  source: string,
  width: number,
  isWebp = false,
): Promise<string> {
  const target = path.join(storage, 'cache', 'images', String(width), isWebp ? `${relative}.webp` : relative);
  try {
    await stat(target);
    return target;
  } catch {
    await mkdir(path.dirname(target), { recursive: true });
    const temporary = `${target}.${process.pid}.${Date.now()}.tmp`;
    // sharp (libvips, ~27 MiB) loads with the first variant, not at start.
    const { default: sharp } = await import('sharp');
    const resized = sharp(source).resize({ width, withoutEnlargement: true });
    await (isWebp ? resized.webp() : resized).toFile(temporary);
    await rename(temporary, target);
    return target;
  }
}
