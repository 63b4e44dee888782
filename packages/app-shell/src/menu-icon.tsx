import BanknoteIcon from 'lucide-react/icons/banknote';
import ChartLineIcon from 'lucide-react/icons/chart-line';
import CompassIcon from 'lucide-react/icons/compass';
import CreditCardIcon from 'lucide-react/icons/credit-card';
import Disc3Icon from 'lucide-react/icons/disc-3';
import FileTextIcon from 'lucide-react/icons/file-text';
import FolderIcon from 'lucide-react/icons/folder';
import HeadphonesIcon from 'lucide-react/icons/headphones';
import HeartIcon from 'lucide-react/icons/heart';
import HistoryIcon from 'lucide-react/icons/history';
import HouseIcon from 'lucide-react/icons/house';
import InboxIcon from 'lucide-react/icons/inbox';
import LanguagesIcon from 'lucide-react/icons/languages';
import LayoutDashboardIcon from 'lucide-react/icons/layout-dashboard';
import LayoutListIcon from 'lucide-react/icons/layout-list';
import LibraryIcon from 'lucide-react/icons/library';
import ListMusicIcon from 'lucide-react/icons/list-music';
import MegaphoneIcon from 'lucide-react/icons/megaphone';
import MessageSquareIcon from 'lucide-react/icons/message-square';
import MicIcon from 'lucide-react/icons/mic';
import MicVocalIcon from 'lucide-react/icons/mic-vocal';
import MusicIcon from 'lucide-react/icons/music';
import PackageIcon from 'lucide-react/icons/package';
import PaletteIcon from 'lucide-react/icons/palette';
import PlugZapIcon from 'lucide-react/icons/plug-zap';
import RadioIcon from 'lucide-react/icons/radio';
import ScrollTextIcon from 'lucide-react/icons/scroll-text';
import SearchIcon from 'lucide-react/icons/search';
import SettingsIcon from 'lucide-react/icons/settings';
import ShapesIcon from 'lucide-react/icons/shapes';
import ShieldIcon from 'lucide-react/icons/shield';
import SparklesIcon from 'lucide-react/icons/sparkles';
import TagIcon from 'lucide-react/icons/tag';
import TrendingUpIcon from 'lucide-react/icons/trending-up';
import UploadIcon from 'lucide-react/icons/upload';
import UserIcon from 'lucide-react/icons/user';
import UsersIcon from 'lucide-react/icons/users';
import type { ComponentType, SVGProps } from 'react';

/**
 * The lucide icons menu items may name (the seeded menus use these). Imported one by one so
 * the bundle holds only this set; an unknown name falls back to the music note.
 */
const MENU_ICONS: Record<string, ComponentType<SVGProps<SVGSVGElement>>> = {
  'chart-line': ChartLineIcon,
  compass: CompassIcon,
  banknote: BanknoteIcon,
  'credit-card': CreditCardIcon,
  'disc-3': Disc3Icon,
  'file-text': FileTextIcon,
  folder: FolderIcon,
  headphones: HeadphonesIcon,
  heart: HeartIcon,
  history: HistoryIcon,
  house: HouseIcon,
  inbox: InboxIcon,
  languages: LanguagesIcon,
  'layout-dashboard': LayoutDashboardIcon,
  'layout-list': LayoutListIcon,
  library: LibraryIcon,
  'list-music': ListMusicIcon,
  megaphone: MegaphoneIcon,
  'message-square': MessageSquareIcon,
  mic: MicIcon,
  'mic-vocal': MicVocalIcon,
  music: MusicIcon,
  package: PackageIcon,
  palette: PaletteIcon,
  'plug-zap': PlugZapIcon,
  radio: RadioIcon,
  'scroll-text': ScrollTextIcon,
  search: SearchIcon,
  settings: SettingsIcon,
  shapes: ShapesIcon,
  shield: ShieldIcon,
  sparkles: SparklesIcon,
  tag: TagIcon,
  'trending-up': TrendingUpIcon,
  upload: UploadIcon,
  user: UserIcon,
  users: UsersIcon,
};

/** The names an item may pick (the appearance editor's icon choice). */
export const MENU_ICON_NAMES = Object.keys(MENU_ICONS);

export function MenuIcon({ name, className }: { name?: string | null; className?: string }) {
  const Icon = MENU_ICONS[name ?? ''] ?? MusicIcon;
  return <Icon aria-hidden className={className ?? 'size-5 shrink-0'} />;
}
