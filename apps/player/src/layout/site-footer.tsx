import { icon } from '@cadence/app-shell/icon';
import { useSettings } from '@cadence/app-shell/use-bootstrap-data';
import { useMenuItems } from '@cadence/app-shell/use-menu';
import { useThemeSelector } from '@cadence/app-shell/use-theme';
import { useTrans } from '@cadence/app-shell/use-trans';
import { PlainIconButton } from '@cadence/ui/plain-icon-button';
import { LanguagePicker } from './language-picker';
import { MenuLink } from './menu-link';

function FooterMenu({ position }: { position: 'footer' | 'footer-secondary' }) {
  const { trans } = useTrans();
  const items = useMenuItems(position);
  if (items.length === 0) return null;
  return (
    <nav
      aria-label={trans(position === 'footer' ? 'Footer' : 'Secondary footer')}
      className="flex flex-wrap gap-4"
    >
      {items.map((item) => (
        <MenuLink key={item.id} item={item} className="hover:text-fg hover:underline" />
      ))}
    </nav>
  );
}

/** Spec 2.5 footer. */
export function SiteFooter() {
  const { trans } = useTrans();
  const { branding } = useSettings();
  const theme = useThemeSelector();
  return (
    <footer
      className="flex flex-col gap-4 border-t border-divider px-6 py-6 text-sm text-muted"
      data-testid="site-footer"
    >
      <FooterMenu position="footer" />
      <div className="flex flex-wrap items-center gap-4">
        <p>{trans('© :year :name', { year: new Date().getFullYear(), name: branding.site_name })}</p>
        <FooterMenu position="footer-secondary" />
        <div className="ml-auto flex items-center gap-2">
          {theme.canChange && (
            <PlainIconButton
              aria-label={theme.isDark ? trans('Light mode') : trans('Dark mode')}
              size="sm"
              onPress={theme.toggleDarkMode}
            >
              {theme.isDark ? icon('sun') : icon('moon')}
            </PlainIconButton>
          )}
          <LanguagePicker />
        </div>
      </div>
    </footer>
  );
}
