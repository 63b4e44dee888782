import { clsx } from 'clsx';
import MusicIcon from 'lucide-react/icons/music';

/** The api's resized variants (`?w=`, apps/api image-variants.ts IMAGE_WIDTHS); other widths are a 422. */
const IMAGE_WIDTHS = [64, 150, 300, 600, 1000] as const;
const RESIZABLE_PREFIX = '/api/v1/images/';

/** A `srcSet` of the api's width variants, for its own stored images only (not external URLs). */
export function imageSrcSet(src: string): string | undefined {
  if (!src.startsWith(RESIZABLE_PREFIX) || src.includes('?')) return undefined;
  return IMAGE_WIDTHS.map((width) => `${src}?w=${width} ${width}w`).join(', ');
}

/**
 * Cover art with a neutral placeholder when a track or album has none. With `sizes`, the
 * browser picks a right-sized variant; `isPriority` is for the page's likely LCP image.
 */
export function Artwork({
  src,
  alt = '',
  className,
  rounded = 'rounded-md',
  sizes,
  isPriority,
}: {
  src: string | null | undefined;
  alt?: string;
  className?: string;
  rounded?: string;
  sizes?: string;
  isPriority?: boolean;
}) {
  if (!src) {
    return (
      <div
        className={clsx('flex shrink-0 items-center justify-center bg-chip text-muted', rounded, className)}
        aria-hidden
      >
        <MusicIcon className="size-1/3" />
      </div>
    );
  }
  // Without `sizes` a `w` srcSet means 100vw, so a thumbnail would fetch the largest variant.
  const srcSet = sizes ? imageSrcSet(src) : undefined;
  return (
    <img
      src={src}
      srcSet={srcSet}
      sizes={srcSet ? sizes : undefined}
      alt={alt}
      loading={isPriority ? 'eager' : 'lazy'}
      fetchPriority={isPriority ? 'high' : undefined}
      decoding="async"
      className={clsx('shrink-0 object-cover', rounded, className)}
    />
  );
}
