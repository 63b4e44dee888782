/** The widths the api resizes its stored images to (`?w=`); any other width is a 422. */
export const IMAGE_WIDTHS = [64, 150, 300, 600, 1000] as const;

/** The `sizes` of a media card's artwork: 9-11rem in a carousel, at least 9rem (half a phone) in a grid. */
export const CARD_IMAGE_SIZES = '(max-width: 640px) 50vw, 12rem';
/** The `sizes` of a page header's large artwork (album, artist, playlist, track pages). */
export const HEADER_IMAGE_SIZES = '(min-width: 768px) 14rem, 12rem';

const RESIZABLE_PREFIX = '/api/v1/images/';

/**
 * A `srcset` of the api's width variants, for its own stored images only (not external URLs).
 * The api's image preloads and the player's `<img>` build it here, so a preload is the same request.
 */
export function imageSrcSet(src: string): string | undefined {
  if (!src.startsWith(RESIZABLE_PREFIX) || src.includes('?')) return undefined;
  return IMAGE_WIDTHS.map((width) => `${src}?w=${width} ${width}w`).join(', ');
}
