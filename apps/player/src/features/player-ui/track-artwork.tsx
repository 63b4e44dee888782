import { icon } from '@cadence/app-shell/icon';
import { imageSrcSet } from '@cadence/contracts/artwork';
import { clsx } from 'clsx';

/**
 * Cover art with a neutral placeholder when a track or album has none. With `sizes`, the
 * browser picks a right-sized variant; `isPriority` is for the page's likely LCP image.
 */
export function Artwork(props: TArtworkProps) {
  return artwork(props);
}

interface TArtworkProps {
  src: string | null | undefined;
  alt?: string;
  className?: string;
  rounded?: string;
  sizes?: string;
  isPriority?: boolean;
}

/** `<Artwork>`'s element without a component of its own (a card or row that already is one). */
export function artwork({
  src,
  alt = '',
  className,
  rounded = 'rounded-md',
  sizes,
  isPriority,
}: TArtworkProps) {
  if (!src) {
    return (
      <div
        className={clsx('flex shrink-0 items-center justify-center bg-chip text-muted', rounded, className)}
        aria-hidden
      >
        {icon('music', { className: 'size-1/3' })}
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
