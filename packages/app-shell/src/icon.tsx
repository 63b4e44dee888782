import type { ReactElement } from 'react';
import spriteUrl from './icons.svg?no-inline';

/**
 * The lucide icons the apps' first screens draw (player bar, sidebar, top bar, track rows,
 * media cards), from the same SVG sprite as the menu icons (icons.svg, checked against lucide by
 * icon.test.tsx). A lucide icon is two forwardRef components wrapping an `<svg>`; home's first
 * render drew ~120 of them: ~220 of the ~540 components in its first commit.
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

interface TIconProps {
  className?: string;
  fill?: string;
  'aria-label'?: string;
}

/**
 * The `<svg>` that draws one sprite symbol with lucide's own attributes (24 px box, stroke 2,
 * round caps and joins); decorative unless labelled, as lucide's components are. A plain function
 * rather than a component: an icon has no state, and a component per icon was ~120 of the ~540
 * components in home's first commit (lucide's were twice that).
 */
export function icon(name: TIconName, props: TIconProps = {}): ReactElement {
  return spriteIcon(name, props);
}

/** `icon` for any symbol in the sprite: `MenuIcon` checks its names against its own list. */
export function spriteIcon(
  id: string,
  { className, fill = 'none', 'aria-label': label }: TIconProps,
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
