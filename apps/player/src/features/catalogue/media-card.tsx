import { icon } from '@cadence/app-shell/icon';
import { routeLink } from '@cadence/app-shell/route-links';
import { useTrans } from '@cadence/app-shell/use-trans';
import { CARD_IMAGE_SIZES } from '@cadence/contracts/artwork';
import { plainIconButtonClasses } from '@cadence/ui/plain-icon-button';
import { clsx } from 'clsx';
import type { ReactNode } from 'react';
import { artwork } from '../player-ui/track-artwork';

export interface TMediaCardProps {
  title: string;
  subtitle?: ReactNode;
  image: string | null;
  to: string;
  isRound?: boolean;
  onPlay?: () => void;
  /** For the first cards of a page's first grid: likely the LCP image, so loaded at once. */
  isPriority?: boolean;
}

type TTrans = ReturnType<typeof useTrans>['trans'];

/** How many cards of a page's first grid load eagerly (a phone's first rows, a desktop's first row). */
export const PRIORITY_CARDS = 4;

/** A grid card (album, artist, playlist, genre, user): artwork with a play button on hover. */
export function MediaCard(props: TMediaCardProps) {
  const { trans } = useTrans();
  return mediaCard(props, trans);
}

/**
 * `<MediaCard>`'s elements without components of their own: a page's grids hold dozens of cards,
 * and each artwork, play button and link as a component was four more per card in the first
 * commit (home: 32 cards). The link is a plain anchor routed by the shell's `RouteLinkClicks`.
 */
export function mediaCard(
  { title, subtitle, image, to, isRound, onPlay, isPriority }: TMediaCardProps,
  trans: TTrans,
) {
  return (
    <div
      className="group relative flex min-w-0 flex-col gap-2 rounded-lg p-2 hover:bg-fg-base/5"
      data-testid="media-card"
    >
      <div className="relative">
        {artwork({
          src: image,
          className: 'aspect-square w-full',
          sizes: CARD_IMAGE_SIZES,
          isPriority,
          rounded: isRound ? 'rounded-full' : 'rounded-lg',
        })}
        {onPlay && (
          // The wrapper positions the button: the button's own `relative` would beat `absolute`.
          <div className="absolute right-2 bottom-2 z-10 opacity-0 transition-opacity group-hover:opacity-100 has-focus-visible:opacity-100">
            <button
              type="button"
              aria-label={trans('Play :name', { name: title })}
              onClick={() => onPlay()}
              className={clsx(plainIconButtonClasses('primary'), 'shadow-lg')}
            >
              {icon('play', { fill: 'currentColor' })}
            </button>
          </div>
        )}
      </div>
      <a
        {...routeLink(to)}
        className={clsx('truncate font-medium after:absolute after:inset-0', isRound && 'text-center')}
      >
        {title}
      </a>
      {subtitle && (
        <div className={clsx('truncate text-sm text-muted', isRound && 'text-center')}>{subtitle}</div>
      )}
    </div>
  );
}

export function MediaGrid({ children, isCarousel }: { children: ReactNode; isCarousel?: boolean }) {
  return (
    <div
      data-layout={isCarousel ? 'carousel' : 'grid'}
      className={clsx(
        isCarousel
          ? 'grid snap-x auto-cols-[minmax(9rem,11rem)] grid-flow-col gap-2 overflow-x-auto pb-2'
          : 'grid grid-cols-[repeat(auto-fill,minmax(9rem,1fr))] gap-2',
      )}
    >
      {children}
    </div>
  );
}
