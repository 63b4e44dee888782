import { icon } from '@cadence/app-shell/icon';
import { useBootstrapData } from '@cadence/app-shell/use-bootstrap-data';
import { MenuButton } from '@cadence/ui/menu-button';
import { lazy } from 'react';

// The menu is react-aria: it loads when the pointer or focus reaches the button.
const loadMenu = () => import('./language-menu');
const LanguageMenu = lazy(loadMenu);

/** Spec 2.5: only when i18n is enabled and localizations exist. */
export function LanguagePicker() {
  const { settings, localizations, i18n } = useBootstrapData();
  if (!settings.i18n.enable || localizations.length === 0) return null;
  return (
    <MenuButton
      className="flex items-center gap-2 rounded-button px-2 py-1 text-sm text-muted outline-none hover:text-fg focus-visible:ring-3 focus-visible:ring-focus"
      preload={loadMenu}
      renderMenu={(props) => <LanguageMenu {...props} />}
    >
      {icon('languages', { className: 'size-4' })}
      {i18n.name}
    </MenuButton>
  );
}
