import type { ReactElement } from 'react';
import spriteUrl from './icons.svg?no-inline';

/**
 * The lucide icons the apps' first screens draw (player bar, sidebar, top bar, track rows,
 * media cards), from the same SVG sprite as the menu icons (icons.svg, checked against lucide by
 * icon.test.tsx). A lucide icon is two forwardRef components wrapping an `<svg>`; home's first
 * render drew ~150 of them, so they were about half of the components in its first commit.
 */
export const INTERFACE_ICON_NAMES = [
  'bell',
  'chevron-left',
  'chevron-right',
  'clock-3',
  'ellipsis',
  'heart',
  'languages',
  'list-music',
  'maximize-2',
  'mic-vocal',
  'moon',
  'music',
  'pause',
  'play',
  'repeat',
  'repeat-1',
  'search',
  'shuffle',
  'skip-back',
  'skip-forward',
  'sun',
  'upload',
  'volume-1',
  'volume-2',
  'volume-x',
] as const;

export type TIconName = (typeof INTERFACE_ICON_NAMES)[number];

interface TIconElementProps {
  className?: string;
  fill?: string;
  'aria-label'?: string;
}

/**
 * The `<svg>` that draws one sprite symbol with lucide's own attributes (24 px box, stroke 2,
 * round caps and joins). A plain function, so `MenuIcon` and `Icon` add one component, not two.
 * Decorative unless labelled, as lucide's components are.
 */
export function iconElement(
  id: string,
  { className, fill = 'none', 'aria-label': label }: TIconElementProps,
): ReactElement {
  return (
    <svg
      aria-hidden={label ? undefined : 'true'}
      aria-label={label}
      role={label ? 'img' : undefined}
      className={className}
      width="24"
      height="24"
      viewBox="0 0 24 24"
      fill={fill}
      stroke="currentColor"
      strokeWidth="2"
      strokeLinecap="round"
      strokeLinejoin="round"
      data-icon={id}
    >
      <use href={`${spriteUrl}#${id}`} />
    </svg>
  );
}

export function Icon({ name, ...props }: TIconElementProps & { name: TIconName }) {
  return iconElement(name, props);
}
