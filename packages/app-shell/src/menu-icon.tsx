import { spriteIcon } from './icon';

/**
 * The lucide icons menu items may name, drawn from one SVG sprite (icons.svg, checked
 * against lucide by icon.test.tsx): as JS components they were ~3 KB gzip of every app's
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
  return spriteIcon(icon, { className: className ?? 'size-5 shrink-0' });
}
