import spriteUrl from './menu-icons.svg?no-inline';

/**
 * The lucide icons menu items may name, drawn from one SVG sprite (menu-icons.svg, checked
 * against lucide by menu-icon.test.tsx): as JS components they were ~3 KB gzip of every app's
 * first download, for the handful a sidebar shows. An unknown name falls back to the music note.
 */

/** The names an item may pick (the appearance editor's icon choice); the seeded menus use these. */
export const MENU_ICON_NAMES: string[] = [
  'banknote',
  'chart-line',
  'compass',
  'credit-card',
  'disc-3',
  'file-text',
  'folder',
  'headphones',
  'heart',
  'history',
  'house',
  'inbox',
  'languages',
  'layout-dashboard',
  'layout-list',
  'library',
  'list-music',
  'megaphone',
  'message-square',
  'mic',
  'mic-vocal',
  'music',
  'package',
  'palette',
  'plug-zap',
  'radio',
  'scroll-text',
  'search',
  'settings',
  'shapes',
  'shield',
  'sparkles',
  'tag',
  'trending-up',
  'upload',
  'user',
  'users',
];

const NAMES: ReadonlySet<string> = new Set(MENU_ICON_NAMES);

export function MenuIcon({ name, className }: { name?: string | null; className?: string }) {
  const icon = name && NAMES.has(name) ? name : 'music';
  // lucide's own attributes (its default 24 px box, stroke 2, round caps and joins).
  return (
    <svg
      aria-hidden="true"
      className={className ?? 'size-5 shrink-0'}
      width="24"
      height="24"
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      strokeLinecap="round"
      strokeLinejoin="round"
      data-icon={icon}
    >
      <use href={`${spriteUrl}#${icon}`} />
    </svg>
  );
}
