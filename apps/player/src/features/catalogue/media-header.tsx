import { HEADER_IMAGE_SIZES } from '@cadence/contracts/artwork';
import type { ReactNode } from 'react';
import { Artwork } from '../player-ui/track-artwork';

/** Player-ux page header: large artwork, type label, title, meta line, action row. */
export function MediaHeader({
  image,
  label,
  title,
  meta,
  actions,
  isRound,
}: {
  image: string | null;
  label: string;
  title: string;
  meta?: ReactNode;
  actions?: ReactNode;
  isRound?: boolean;
}) {
  return (
    <header className="flex flex-col items-center gap-6 bg-gradient-to-b from-fg-base/10 to-transparent p-6 md:flex-row md:items-end">
      <Artwork
        src={image}
        className="size-48 shadow-xl md:size-56"
        sizes={HEADER_IMAGE_SIZES}
        isPriority
        rounded={isRound ? 'rounded-full' : 'rounded-lg'}
      />
      <div className="flex min-w-0 flex-col gap-2 max-md:items-center max-md:text-center">
        <span className="text-xs font-semibold tracking-wide uppercase">{label}</span>
        <h1 className="text-3xl font-black break-words md:text-5xl" data-testid="page-title">
          {title}
        </h1>
        {meta && <div className="flex flex-wrap items-center gap-x-2 text-sm text-muted">{meta}</div>}
        {actions && (
          <div className="mt-2 flex flex-wrap items-center gap-2 max-md:justify-center">{actions}</div>
        )}
      </div>
    </header>
  );
}
